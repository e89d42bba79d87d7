import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/AddCircleOutline';
import EditIcon from '@mui/icons-material/Edit';
import type { EstablecimientoEmpresa } from '../../domain/contratos/mi-empresa';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';

type Punto = EstablecimientoEmpresa['puntos'][number];
type Guardado = { id: number; establecimientos: EstablecimientoEmpresa[]; msg: string };

/** What a dialog edits: the establishment's or the point's fields, as text while typed. */
type Campo = { name: string; label: string; required?: boolean; numero?: boolean; entero?: boolean; helper?: string; multiline?: boolean };
type Edicion = {
  titulo: string;
  path: string;
  method: 'POST' | 'PUT';
  campos: Campo[];
  valores: Record<string, string>;
  activo: boolean;
  prefijo: 'EST' | 'PEM';
};

// The SRI numbers establishments and emission points 001 to 999; the server says the same (and refuses repeats).
const SRI_NUMBER = /^(?!000)[0-9]{3}$/;
const QUERY = ['miEmpresa', 'establecimientos'];
const secuencial = (n: number) => String(n).padStart(9, '0');

const CAMPOS_ESTABLECIMIENTO: Campo[] = [
  {
    name: 'EST_NUMERO',
    label: 'Número de establecimiento',
    required: true,
    numero: true,
    helper: 'Tres dígitos, del 001 al 999, como lo registra el SRI',
  },
  { name: 'EST_NOMBRE', label: 'Nombre (opcional)' },
  { name: 'EST_DIRECCION', label: 'Dirección del establecimiento', required: true, multiline: true },
];
const CAMPOS_PUNTO: Campo[] = [
  { name: 'PEM_NUMERO', label: 'Número de punto de emisión', required: true, numero: true, helper: 'Tres dígitos, del 001 al 999' },
  { name: 'PEM_NOMBRE', label: 'Nombre (opcional)', helper: 'Por ejemplo: Caja 1' },
  {
    name: 'siguiente',
    label: 'Siguiente secuencial',
    entero: true,
    required: true,
    helper: 'El número de la próxima factura. Cámbielo solo si este punto ya emitía facturas con otro proveedor.',
  },
];

/** The body a dialog sends: the typed fields (empty optional ones as null), the active flag, and the next sequential as a number. */
function cuerpo(edicion: Edicion) {
  const body: Record<string, unknown> = { [`${edicion.prefijo}_ACTIVO`]: edicion.activo };
  for (const campo of edicion.campos) {
    const value = edicion.valores[campo.name]?.trim() ?? '';
    body[campo.name] = campo.entero ? Number(value) : value || null;
  }
  return body;
}

function problema(edicion: Edicion): string | null {
  for (const campo of edicion.campos) {
    const value = edicion.valores[campo.name]?.trim() ?? '';
    if (campo.required && !value) return `Complete el campo ${campo.label.toLowerCase()}.`;
    if (campo.numero && !SRI_NUMBER.test(value)) return `El ${campo.label.toLowerCase()} debe tener 3 dígitos, del 001 al 999.`;
    if (campo.entero && !/^[1-9][0-9]{0,8}$/.test(value)) return 'El siguiente secuencial debe ser un número entero desde 1.';
  }
  return null;
}

/** The dialog that adds or changes an establishment or an emission point; the server's answer (409, 400) shows inside it. */
function EdicionDialog({ edicion, onClose }: { edicion: Edicion; onClose: () => void }) {
  const dataProvider = useAreaDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [valores, setValores] = useState(edicion.valores);
  const [activo, setActivo] = useState(edicion.activo);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const actual = { ...edicion, valores, activo };

  const guardar = async (event: FormEvent) => {
    event.preventDefault();
    const falla = problema(actual);
    setError(falla);
    if (falla) return;
    setPending(true);
    try {
      const saved = await dataProvider.call<Guardado>(edicion.path, { method: edicion.method, body: cuerpo(actual) });
      queryClient.setQueryData(QUERY, saved.establecimientos);
      void queryClient.invalidateQueries({ queryKey: ['miEmpresa', 'primerosPasos'] });
      notify(saved.msg, { type: 'success' });
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby="edicion-titulo" maxWidth="sm" fullWidth>
      <form onSubmit={(e) => void guardar(e)} noValidate>
        <DialogTitle id="edicion-titulo">{edicion.titulo}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {error && <Alert severity="error">{error}</Alert>}
          {edicion.campos.map((campo) => (
            <TextField
              key={campo.name}
              name={campo.name}
              label={campo.label}
              value={valores[campo.name] ?? ''}
              onChange={(e) => setValores((v) => ({ ...v, [campo.name]: e.target.value }))}
              required={campo.required}
              helperText={campo.helper}
              multiline={campo.multiline}
              fullWidth
              slotProps={{
                htmlInput: campo.numero
                  ? { inputMode: 'numeric', maxLength: 3 }
                  : campo.entero
                    ? { inputMode: 'numeric', maxLength: 9 }
                    : { maxLength: campo.multiline ? 300 : 200 },
              }}
            />
          ))}
          <FormControlLabel control={<Switch checked={activo} onChange={(e) => setActivo(e.target.checked)} />} label="Activo" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            Guardar
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const estadoChip = (activo: boolean) => (
  <Chip size="small" label={activo ? 'Activo' : 'Inactivo'} color={activo ? 'success' : 'default'} variant="outlined" />
);

function PuntoFila({ est, punto, editar }: { est: EstablecimientoEmpresa; punto: Punto; editar?: () => void }) {
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
      data-testid={`punto-${est.EST_NUMERO}-${punto.PEM_NUMERO}`}
    >
      <Typography sx={{ fontWeight: 500, minWidth: 72 }}>
        {est.EST_NUMERO}-{punto.PEM_NUMERO}
      </Typography>
      <Typography sx={{ flex: '1 1 120px', minWidth: 0, overflowWrap: 'anywhere' }}>{punto.PEM_NOMBRE ?? 'Punto de emisión'}</Typography>
      <Typography color="text.secondary" variant="body2" sx={{ flex: '1 1 200px' }}>
        Próxima factura: {est.EST_NUMERO}-{punto.PEM_NUMERO}-{secuencial(punto.siguiente)}
      </Typography>
      {estadoChip(punto.PEM_ACTIVO)}
      {editar && (
        <Button
          size="small"
          startIcon={<EditIcon />}
          onClick={editar}
          aria-label={`Editar el punto de emisión ${est.EST_NUMERO}-${punto.PEM_NUMERO}`}
        >
          Editar
        </Button>
      )}
    </Box>
  );
}

/**
 * "Establecimientos y puntos de emisión" of Mi empresa: each establishment with its points and the number its next
 * invoice takes; the administrator adds and changes them (dialogs), the other roles only read.
 */
export function MiEstablecimientos({ editable }: { editable: boolean }) {
  const dataProvider = useAreaDataProvider();
  const { data, error } = useQuery({
    queryKey: QUERY,
    queryFn: () => dataProvider.call<EstablecimientoEmpresa[]>('/miEmpresa/establecimientos'),
  });
  const [edicion, setEdicion] = useState<Edicion | null>(null);

  const nuevoEstablecimiento = () =>
    setEdicion({
      titulo: 'Agregar establecimiento',
      path: '/miEmpresa/establecimientos',
      method: 'POST',
      campos: CAMPOS_ESTABLECIMIENTO,
      prefijo: 'EST',
      activo: true,
      valores: { EST_NUMERO: String((data?.length ?? 0) + 1).padStart(3, '0') },
    });
  const editarEstablecimiento = (est: EstablecimientoEmpresa) =>
    setEdicion({
      titulo: `Establecimiento ${est.EST_NUMERO}`,
      path: `/miEmpresa/establecimientos/${est.EST_CODIGO}`,
      method: 'PUT',
      campos: CAMPOS_ESTABLECIMIENTO,
      prefijo: 'EST',
      activo: est.EST_ACTIVO,
      valores: { EST_NUMERO: est.EST_NUMERO, EST_NOMBRE: est.EST_NOMBRE ?? '', EST_DIRECCION: est.EST_DIRECCION },
    });
  const nuevoPunto = (est: EstablecimientoEmpresa) =>
    setEdicion({
      titulo: `Agregar punto de emisión al establecimiento ${est.EST_NUMERO}`,
      path: `/miEmpresa/establecimientos/${est.EST_CODIGO}/puntos`,
      method: 'POST',
      campos: CAMPOS_PUNTO,
      prefijo: 'PEM',
      activo: true,
      valores: { PEM_NUMERO: String(est.puntos.length + 1).padStart(3, '0'), siguiente: '1' },
    });
  const editarPunto = (est: EstablecimientoEmpresa, punto: Punto) =>
    setEdicion({
      titulo: `Punto de emisión ${est.EST_NUMERO}-${punto.PEM_NUMERO}`,
      path: `/miEmpresa/puntos/${punto.PEM_CODIGO}`,
      method: 'PUT',
      campos: CAMPOS_PUNTO,
      prefijo: 'PEM',
      activo: punto.PEM_ACTIVO,
      valores: { PEM_NUMERO: punto.PEM_NUMERO, PEM_NOMBRE: punto.PEM_NOMBRE ?? '', siguiente: String(punto.siguiente) },
    });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">
        Cada factura lleva el número de su establecimiento y de su punto de emisión (por ejemplo 001-001), como los registró en el SRI.
      </Typography>
      {error && <Alert severity="error">{(error as Error).message}</Alert>}
      {!data && !error && <LinearProgress />}
      {data?.length === 0 && (
        <Alert severity="info">
          {editable
            ? 'Su empresa aún no tiene establecimientos. Agregue el 001 con su dirección y luego su punto de emisión 001.'
            : 'Su empresa aún no tiene establecimientos: el administrador de su empresa los agrega aquí.'}
        </Alert>
      )}
      {data?.map((est) => (
        <Paper
          key={est.EST_CODIGO}
          variant="outlined"
          sx={{ p: 2, minWidth: 0 }}
          component="section"
          aria-label={`Establecimiento ${est.EST_NUMERO}`}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography variant="h6" component="h3" sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
              Establecimiento {est.EST_NUMERO}
              {est.EST_NOMBRE ? ` · ${est.EST_NOMBRE}` : ''}
            </Typography>
            {estadoChip(est.EST_ACTIVO)}
            {editable && (
              <Button
                size="small"
                startIcon={<EditIcon />}
                onClick={() => editarEstablecimiento(est)}
                aria-label={`Editar el establecimiento ${est.EST_NUMERO}`}
              >
                Editar
              </Button>
            )}
          </Box>
          <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {est.EST_DIRECCION}
          </Typography>
          {est.puntos.map((punto) => (
            <PuntoFila key={punto.PEM_CODIGO} est={est} punto={punto} editar={editable ? () => editarPunto(est, punto) : undefined} />
          ))}
          {est.puntos.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 1 }}>
              Sin puntos de emisión.
            </Typography>
          )}
          {editable && (
            <Button startIcon={<AddIcon />} onClick={() => nuevoPunto(est)} sx={{ mt: 1 }}>
              Agregar punto de emisión
            </Button>
          )}
        </Paper>
      ))}
      {editable && data && (
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={nuevoEstablecimiento}>
            Agregar establecimiento
          </Button>
        </Box>
      )}
      {edicion && <EdicionDialog edicion={edicion} onClose={() => setEdicion(null)} />}
    </Box>
  );
}
