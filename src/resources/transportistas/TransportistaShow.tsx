import { DeleteWithConfirmButton, EditButton, Show, TopToolbar, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { TIPOS_IDENTIFICACION_TRANSPORTISTA } from '../../../domain/transportistas';
import type { Transportista } from '../../../domain/contratos/transportistas';
import { formatDateTime } from '../../../domain/fechas';
import { EstadoChip } from '../../shell/catalogo';
import { Dato } from '../../shell/Dato';
import { ContactoDatos, ObservacionDato } from '../clientes/TerceroDatos';
import { texto } from './textos';

function Acciones() {
  const record = useRecordContext<Transportista>();
  const { canAccess } = useCanAccess({ resource: 'transportistas', action: 'edit' });
  if (!record || !canAccess) return <TopToolbar />;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <EditButton />
      {/* A carrier a guía names is refused (409) with the server's message: deactivate it instead. */}
      <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent={texto('eliminar')} />
    </TopToolbar>
  );
}

function Titulo() {
  const record = useRecordContext<Transportista>();
  return <span>{record?.TRA_RAZON_SOCIAL ?? ''}</span>;
}

/** A carrier's page: who they are, the vehicle's plate and how to reach them, read only. */
function Contenido() {
  const record = useRecordContext<Transportista>();
  const translate = useTranslate();
  if (!record) return null;
  const f = (field: string) => translate(`resources.transportistas.fields.${field}`);
  const ninguno = texto('sin_dato');
  const tercero = { recurso: 'transportistas', prefijo: 'TRA', record } as const;
  const tipo = TIPOS_IDENTIFICACION_TRANSPORTISTA.find((t) => t.id === record.TRA_TIPO_IDENTIFICACION)?.name ?? '';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {record.TRA_RAZON_SOCIAL}
        </Typography>
        <Typography color="text.secondary">
          {tipo} {record.TRA_IDENTIFICACION}
        </Typography>
      </Box>
      <Card variant="outlined" component="section" aria-label={texto('show.datos')}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {texto('show.datos')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
            <Dato label={f('TRA_PLACA')}>{record.TRA_PLACA}</Dato>
            <Dato label={f('TRA_ACTIVO')}>
              <EstadoChip resource="transportistas" activo={record.TRA_ACTIVO} />
            </Dato>
            <ContactoDatos {...tercero} ninguno={ninguno} />
            <Dato label={texto('show.registrado')}>{formatDateTime(record.TRA_CREADO)}</Dato>
            <ObservacionDato {...tercero} />
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

export const TransportistaShow = () => (
  <Show actions={<Acciones />} title={<Titulo />}>
    <Contenido />
  </Show>
);
