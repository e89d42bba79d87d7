import { useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { TIPOS_IDENTIFICACION } from '../../../domain/clientes';
import { formatDateTime } from '../../../domain/fechas';
import { EstadoChip } from '../../shell/catalogo';
import { nombreDe, useGrupos, useTiposCliente, useTiposJuridicos } from './catalogos';
import type { Cliente } from './tipos';
import { texto } from './textos';
import { dinero } from '../../ui/numeros';
import { Dato } from '../../shell/Dato';
import { ContactoDatos, ObservacionDato } from './TerceroDatos';

/** A client's data, read only: the page's first card and the consumidor final's edit page. */
export function ClienteDatosCard({ record }: { record: Cliente }) {
  const translate = useTranslate();
  const f = (field: string) => translate(`resources.clientes.fields.${field}`);
  const t = (key: string, options?: Record<string, unknown>) => texto(key, options);
  const { data: tipos } = useTiposCliente();
  const { data: grupos } = useGrupos();
  const { data: juridicos } = useTiposJuridicos(record.CLI_TIPO_IDENTIFICACION);
  const ninguno = t('sin_dato');
  const tercero = { recurso: 'clientes', prefijo: 'CLI', record } as const;
  const tipoId = TIPOS_IDENTIFICACION.find((x) => x.id === record.CLI_TIPO_IDENTIFICACION)?.name ?? record.CLI_TIPO_IDENTIFICACION;
  return (
    <Card variant="outlined" component="section" aria-label={t('show.datos')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('show.datos')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
          <Dato label={tipoId}>{record.CLI_IDENTIFICACION}</Dato>
          <Dato label={f('CLI_NOMBRE_COMERCIAL')}>{record.CLI_NOMBRE_COMERCIAL || ninguno}</Dato>
          <Dato label={f('CLI_ACTIVO')}>
            <EstadoChip resource="clientes" activo={record.CLI_ACTIVO} />
          </Dato>
          <ContactoDatos {...tercero} ninguno={ninguno} />
          <Dato label={f('TCL_CODIGO')}>{nombreDe(tipos, record.TCL_CODIGO, 'TCL_CODIGO', 'TCL_NOMBRE') ?? ninguno}</Dato>
          <Dato label={f('GCL_CODIGO')}>{nombreDe(grupos, record.GCL_CODIGO, 'GCL_CODIGO', 'GCL_NOMBRE') ?? ninguno}</Dato>
          <Dato label={f('TJU_CODIGO')}>{nombreDe(juridicos, record.TJU_CODIGO, 'TJU_CODIGO', 'TJU_NOMBRE') ?? ninguno}</Dato>
          <Dato label={f('CLI_VENDEDOR')}>{record.vendedor ?? t('lista.sin_vendedor')}</Dato>
          <Dato label={t('show.credito')}>
            {[
              record.CLI_DIAS_CREDITO ? t('show.credito_dias', { smart_count: record.CLI_DIAS_CREDITO }) : t('show.contado'),
              Number(record.CLI_LIMITE_CREDITO)
                ? t('show.credito_limite', { limite: dinero(record.CLI_LIMITE_CREDITO) })
                : t('show.sin_limite'),
            ].join(' · ')}
          </Dato>
          <Dato label={f('CLI_CREADO')}>{formatDateTime(record.CLI_CREADO)}</Dato>
          <ObservacionDato {...tercero} />
        </Box>
      </CardContent>
    </Card>
  );
}
