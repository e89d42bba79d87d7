import { DeleteWithConfirmButton, EditButton, Show, TopToolbar, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { BANDERAS, TIPOS_IDENTIFICACION_PROVEEDOR } from '../../../domain/proveedores';
import type { Proveedor } from '../../../domain/contratos/proveedores';
import { formatDateTime } from '../../../domain/fechas';
import { EstadoChip } from '../../shell/catalogo';
import { Dato } from '../../shell/Dato';
import { BanderasPanel } from '../clientes/BanderasPanel';
import { ContactoDatos, ObservacionDato } from '../clientes/TerceroDatos';
import { BanderaChips } from '../clientes/chips';
import { CuentaPanel } from './CuentaPanel';
import { texto } from './textos';

function Acciones() {
  const record = useRecordContext<Proveedor>();
  const { canAccess } = useCanAccess({ resource: 'proveedores', action: 'edit' });
  if (!record || !canAccess) return <TopToolbar />;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <EditButton />
      {/* A supplier a document names is refused (409) with the server's message: deactivate it instead. */}
      <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent={PROVEEDOR_ELIMINAR} />
    </TopToolbar>
  );
}

const PROVEEDOR_ELIMINAR =
  'El proveedor se elimina del todo. Si tiene documentos (recibidos, retenciones o liquidaciones) no se puede eliminar: desactívelo en su lugar.';

function Titulo() {
  const record = useRecordContext<Proveedor>();
  return <span>{record?.PRV_RAZON_SOCIAL ?? ''}</span>;
}

/** A supplier's data, read only. */
function DatosCard({ record }: { record: Proveedor }) {
  const translate = useTranslate();
  const f = (field: string) => translate(`resources.proveedores.fields.${field}`);
  const ninguno = texto('sin_dato');
  const tercero = { recurso: 'proveedores', prefijo: 'PRV', record } as const;
  return (
    <Card variant="outlined" component="section" aria-label={texto('show.datos')}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {texto('show.datos')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
          <Dato label={f('PRV_NOMBRE_COMERCIAL')}>{record.PRV_NOMBRE_COMERCIAL || ninguno}</Dato>
          <Dato label={f('PRV_ACTIVO')}>
            <EstadoChip resource="proveedores" activo={record.PRV_ACTIVO} />
          </Dato>
          <Dato label={f('PRV_CONTACTO')}>{record.PRV_CONTACTO || ninguno}</Dato>
          <ContactoDatos {...tercero} ninguno={ninguno} />
          <Dato label={texto('show.credito')}>
            {record.PRV_DIAS_CREDITO ? texto('show.credito_dias', { smart_count: record.PRV_DIAS_CREDITO }) : texto('show.contado')}
          </Dato>
          <Dato label={texto('show.registrado')}>{formatDateTime(record.PRV_CREADO)}</Dato>
          <ObservacionDato {...tercero} />
        </Box>
      </CardContent>
    </Card>
  );
}

function Contenido() {
  const record = useRecordContext<Proveedor>();
  if (!record) return null;
  const tipo = TIPOS_IDENTIFICACION_PROVEEDOR.find((t) => t.id === record.PRV_TIPO_IDENTIFICACION)?.name ?? '';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2, minWidth: 0 }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {record.PRV_RAZON_SOCIAL}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary">
            {tipo} {record.PRV_IDENTIFICACION}
          </Typography>
          <BanderaChips banderas={record.PRV_BANDERAS} />
        </Box>
      </Box>
      {/* A phantom company first of all: what is bought from it supports no cost nor tax credit. */}
      {record.PRV_BANDERAS?.fantasma && (
        <Alert severity="error">
          <AlertTitle>{BANDERAS.fantasma.etiqueta}</AlertTitle>
          {BANDERAS.fantasma.detalle}
        </Alert>
      )}
      <DatosCard record={record} />
      {/* The supplier's account: what the company owes it (src/resources/proveedores/CuentaPanel.tsx, the accounts' part). */}
      <CuentaPanel />
      <BanderasPanel record={record} />
    </Box>
  );
}

/** A supplier's page: its data, the SRI's flags (a phantom company in red) and its account. */
export const ProveedorShow = () => (
  <Show actions={<Acciones />} title={<Titulo />}>
    <Contenido />
  </Show>
);
