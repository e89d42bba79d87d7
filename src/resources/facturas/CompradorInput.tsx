import { useState } from 'react';
import {
  AutocompleteInput,
  HttpError,
  ReferenceInput,
  useCreateSuggestionContext,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import PersonIcon from '@mui/icons-material/PersonOutline';
import {
  CLIENTE_LIMITES,
  CLIENTE_MSG,
  checkClientIdentification,
  TIPO_IDENTIFICACION,
  TIPOS_IDENTIFICACION,
} from '../../../domain/clientes';
import { isEmail } from '../../../domain/identifiers';
import type { Cliente } from '../clientes/tipos';
import { texto } from './textos';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';

/** The consumidor final is the company's single fixed client (the button below), never created by hand. */
const TIPOS = TIPOS_IDENTIFICACION.filter((t) => t.id !== TIPO_IDENTIFICACION.consumidorFinal);

type Nuevo = { tipo: string; identificacion: string; razonSocial: string; correo: string; aceptar: boolean };

/**
 * "Nuevo cliente" inside the buyer's search: the essential fields (identification type and number, name, email) with
 * the clients form's rules, POST /api/clientes, then the new client is the buyer.
 */
function ClienteNuevo() {
  const { filter, onCancel, onCreate } = useCreateSuggestionContext();
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const translate = useTranslate();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const escrito = (filter ?? '').trim();
  const numerico = /^\d+$/.test(escrito);
  const [nuevo, setNuevo] = useState<Nuevo>({
    tipo: numerico && escrito.length === 10 ? TIPO_IDENTIFICACION.cedula : TIPO_IDENTIFICACION.ruc,
    identificacion: numerico ? escrito : '',
    razonSocial: numerico ? '' : escrito,
    correo: '',
    aceptar: false,
  });
  const [intentado, setIntentado] = useState(false);
  const [pending, setPending] = useState(false);
  const [fallo, setFallo] = useState<string | null>(null);
  const cambiar = (campo: keyof Nuevo, valor: string | boolean) => setNuevo((n) => ({ ...n, [campo]: valor }));

  const check = checkClientIdentification(nuevo.tipo, nuevo.identificacion.trim());
  const errores = {
    identificacion: check.error,
    razonSocial: nuevo.razonSocial.trim() ? undefined : CLIENTE_MSG.razonSocialRequerida,
    correo: nuevo.correo.trim() && !isEmail(nuevo.correo.trim()) ? CLIENTE_MSG.correoInvalido : undefined,
    aceptar: check.warning && !nuevo.aceptar ? check.warning : undefined,
  };
  const valido = !Object.values(errores).some(Boolean);

  const crear = async () => {
    setIntentado(true);
    if (!valido) return;
    setPending(true);
    setFallo(null);
    try {
      const cliente = await dataProvider.call<Cliente>('/api/clientes', {
        method: 'POST',
        body: {
          CLI_TIPO_IDENTIFICACION: nuevo.tipo,
          CLI_IDENTIFICACION: nuevo.identificacion.trim(),
          CLI_RAZON_SOCIAL: nuevo.razonSocial.trim(),
          CLI_CORREOS: nuevo.correo.trim() ? [nuevo.correo.trim().toLowerCase()] : [],
          aceptarAdvertencia: nuevo.aceptar,
        },
      });
      notify(texto('form.cliente_creado', { nombre: cliente.CLI_RAZON_SOCIAL }), { type: 'success' });
      onCreate({ ...cliente, id: cliente.CLI_CODIGO });
    } catch (error) {
      setFallo(error instanceof HttpError || error instanceof Error ? error.message : String(error));
    } finally {
      setPending(false);
    }
  };

  const mostrar = (campo: keyof typeof errores) => (intentado ? errores[campo] : undefined);
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="cliente-nuevo-titulo">
      <DialogTitle id="cliente-nuevo-titulo">{texto('form.cliente_nuevo')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' } }}>
            <TextField
              select
              label={translate('resources.clientes.fields.CLI_TIPO_IDENTIFICACION')}
              value={nuevo.tipo}
              onChange={(e) => cambiar('tipo', e.target.value)}
            >
              {TIPOS.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              autoFocus
              label={translate('resources.clientes.fields.CLI_IDENTIFICACION')}
              value={nuevo.identificacion}
              onChange={(e) => cambiar('identificacion', e.target.value)}
              error={Boolean(mostrar('identificacion'))}
              helperText={mostrar('identificacion')}
              slotProps={{ htmlInput: { maxLength: CLIENTE_LIMITES.identificacion, autoComplete: 'off' } }}
            />
          </Box>
          <TextField
            label={translate('resources.clientes.fields.CLI_RAZON_SOCIAL')}
            value={nuevo.razonSocial}
            onChange={(e) => cambiar('razonSocial', e.target.value)}
            error={Boolean(mostrar('razonSocial'))}
            helperText={mostrar('razonSocial')}
            slotProps={{ htmlInput: { maxLength: CLIENTE_LIMITES.razonSocial } }}
          />
          <TextField
            label={translate('resources.clientes.fields.CLI_CORREOS')}
            type="email"
            value={nuevo.correo}
            onChange={(e) => cambiar('correo', e.target.value)}
            error={Boolean(mostrar('correo'))}
            helperText={mostrar('correo')}
          />
          {check.warning && !check.error && (
            <Alert severity="warning">
              {check.warning}
              <FormControlLabel
                sx={{ display: 'flex' }}
                control={<Checkbox checked={nuevo.aceptar} onChange={(e) => cambiar('aceptar', e.target.checked)} />}
                label="Usar de todas formas"
              />
            </Alert>
          )}
          {fallo && <Alert severity="error">{fallo}</Alert>}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={crear} disabled={pending || (intentado && !valido)}>
          {texto('form.cliente_crear')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const nombreCliente = (c: RaRecord) => (c ? `${c.CLI_RAZON_SOCIAL} · ${c.CLI_IDENTIFICACION}` : '');

/**
 * The buyer: search among the company's active clients by name or identification, create one without leaving the
 * invoice, or sell to the consumidor final (GET /api/clientes/consumidorFinal makes it when the company has none);
 * `consumidorFinal={false}` leaves that button out and `label` names the field otherwise (a quote's identified client).
 */
export function CompradorInput({
  consumidorFinal: conConsumidorFinal = true,
  label = 'resources.facturas.fields.CLI_CODIGO',
}: {
  consumidorFinal?: boolean;
  label?: string;
}) {
  const dataProvider = useAreaDataProvider();
  const { setValue } = useFormContext();
  const notify = useNotify();
  const consumidorFinal = async () => {
    try {
      const cliente = await dataProvider.call<Cliente>('/api/clientes/consumidorFinal');
      setValue('CLI_CODIGO', cliente.CLI_CODIGO, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' }, minWidth: 0 }}>
      <ReferenceInput source="CLI_CODIGO" reference="clientes" filter={{ CLI_ACTIVO: true }} perPage={10}>
        <AutocompleteInput
          label={label}
          optionText={nombreCliente}
          filterToQuery={(q: string) => ({ q })}
          helperText={texto('form.buscar_comprador')}
          create={<ClienteNuevo />}
          createLabel={texto('form.cliente_nuevo')}
          createItemLabel={`${texto('form.cliente_nuevo')}: %{item}`}
          fullWidth
          sx={{ flex: '1 1 320px', minWidth: 0 }}
        />
      </ReferenceInput>
      {conConsumidorFinal && (
        <Button variant="outlined" startIcon={<PersonIcon />} onClick={consumidorFinal} sx={{ mt: { sm: 1 }, flex: '0 0 auto' }}>
          {texto('form.consumidor_final')}
        </Button>
      )}
    </Box>
  );
}
