import { useState, type FormEvent, type ReactNode } from 'react';
import { Confirm, useGetOne, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import BlockIcon from '@mui/icons-material/Block';
import DownloadIcon from '@mui/icons-material/Download';
import EmailIcon from '@mui/icons-material/Email';
import ReplayIcon from '@mui/icons-material/Replay';
import SyncIcon from '@mui/icons-material/Sync';
import SendIcon from '@mui/icons-material/Send';
import { useAreaDataProvider } from '../dataProvider/useAreaDataProvider';
import { useAccionConFallo } from '../shell/useAccion';
import { campoDe, CLIENTE, useDocumento, type RegistroSri as Registro } from './documento';

/**
 * After an action on a document: its page, the lists, the counts and the home card read again (a note changes what
 * its invoice's page shows, so the invoices' queries too).
 */
function useReleer() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const { recurso } = useDocumento();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [recurso] });
    if (recurso !== 'facturas') void queryClient.invalidateQueries({ queryKey: ['facturas'] });
    refresh();
  };
}

/** A dialog that only shows why the server refused. */
function FalloDialog({ titulo, fallo, onClose }: { titulo: string; fallo: string | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={fallo !== null} onClose={onClose} aria-labelledby="documento-fallo-titulo" maxWidth="sm" fullWidth>
      <DialogTitle id="documento-fallo-titulo">{titulo}</DialogTitle>
      <DialogContent>
        <Alert severity="error">{fallo}</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Emitir (a draft) or Volver a enviar (a DEVUELTA or RECHAZADA one, after correcting it): confirmed, POST
 * {api}/:id/emitir, which signs it (again, with the same number) and puts it on the SRI's queue. A refusal (no
 * signature, no plan...) shows the server's reason.
 */
export function Emitir({ record, reenviar = false }: { record: Registro; reenviar?: boolean }) {
  const { api, texto } = useDocumento();
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const releer = useReleer();
  const [confirmando, setConfirmando] = useState(false);
  const { pending, fallo, setFallo, run } = useAccionConFallo();
  const t = (key: string, options?: object) => texto(reenviar ? `sri.${key}` : `show.${key}`, options);
  const clave = (emitir: string, otra: string) => (reenviar ? otra : emitir);
  const emitir = async () => {
    await run(async () => {
      const emitida = await dataProvider.call<Registro>(`${api}/${record.FAC_CODIGO}/emitir`, { method: 'POST' });
      notify(t(clave('emitida', 'reenviada'), { numero: emitida.FAC_NUMERO ?? '' }), { type: 'success' });
      releer();
    });
    setConfirmando(false);
  };
  return (
    <>
      <Button
        variant="contained"
        startIcon={reenviar ? <ReplayIcon /> : <SendIcon />}
        onClick={() => setConfirmando(true)}
        disabled={pending}
      >
        {pending ? t(clave('emitiendo', 'reenviando')) : t(clave('emitir', 'reenviar'))}
      </Button>
      <Confirm
        isOpen={confirmando}
        loading={pending}
        title={t(clave('emitir_titulo', 'reenviar_titulo'))}
        content={t(clave('emitir_texto', 'reenviar_texto'))}
        confirm={t(clave('emitir', 'reenviar'))}
        onConfirm={emitir}
        onClose={() => setConfirmando(false)}
      />
      <FalloDialog titulo={t(clave('no_emitida', 'no_reenviada'))} fallo={fallo} onClose={() => setFallo(null)} />
    </>
  );
}

/**
 * Consultar de nuevo (SIN_RESPUESTA only): POST {api}/:id/consultar puts the document back on the SRI's queue to
 * ask for its authorization once; the page then shows it waiting, and whatever the SRI answers.
 */
export function ConsultarDeNuevo({ record }: { record: Registro }) {
  const { api, texto } = useDocumento();
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const releer = useReleer();
  const { pending, fallo, setFallo, run } = useAccionConFallo();
  const consultar = () =>
    run(async () => {
      await dataProvider.call(`${api}/${record.FAC_CODIGO}/consultar`, { method: 'POST' });
      notify(texto('sri.consultada'), { type: 'success' });
      releer();
    });
  return (
    <>
      <Button variant="contained" color="warning" startIcon={<SyncIcon />} onClick={consultar} disabled={pending}>
        {pending ? texto('sri.consultando') : texto('sri.consultar')}
      </Button>
      <FalloDialog titulo={texto('sri.no_consultada')} fallo={fallo} onClose={() => setFallo(null)} />
    </>
  );
}

const DESCARGAS = {
  xml: { ruta: 'xml', sufijo: '.xml', label: 'show.xml_firmado' },
  ride: { ruta: 'ride', sufijo: '.pdf', label: 'show.ride_corto' },
  autorizado: { ruta: 'autorizado', sufijo: '-autorizado.xml', label: 'show.xml_autorizado' },
} as const;

/** The signed XML, the RIDE or the authorized XML, downloaded with the company's token under the server's file name. */
export function Descargar({ record, tipo }: { record: Registro; tipo: keyof typeof DESCARGAS }) {
  const { api, archivo, texto } = useDocumento();
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const descarga = DESCARGAS[tipo];
  const descargar = async () => {
    setPending(true);
    try {
      await dataProvider.download(
        `${api}/${record.FAC_CODIGO}/${descarga.ruta}`,
        `${archivo}-${record.FAC_NUMERO ?? String(record.FAC_CODIGO)}${descarga.sufijo}`,
      );
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button startIcon={<DownloadIcon />} onClick={descargar} disabled={pending}>
      {texto(descarga.label)}
    </Button>
  );
}

/**
 * A dialog's POST on the document: while it is sent, its refusal (shown in the dialog), and on success the notice, the
 * dialog closed and everything read again.
 */
function useEnvio(record: Registro, ruta: string, aviso: string, alCerrar: () => void) {
  const { api } = useDocumento();
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const releer = useReleer();
  const { pending, fallo, setFallo, run } = useAccionConFallo();
  const cerrar = () => {
    setFallo(null);
    alCerrar();
  };
  const enviar = (body: object) =>
    run(async () => {
      await dataProvider.call(`${api}/${record.FAC_CODIGO}/${ruta}`, { method: 'POST', body });
      notify(aviso, { type: 'success' });
      cerrar();
      releer();
    });
  return { pending, fallo, cerrar, enviar };
}

type Receptor = { id: number } & Record<string, unknown>;

type FormularioProps = {
  /** The title's id, which names the dialog. */
  id: string;
  abierto: boolean;
  cerrar: () => void;
  onSubmit: (event: FormEvent) => void;
  titulo: string;
  /** The server's refusal, under the fields. */
  fallo: string | null;
  /** The form's submit button, after Cancelar. */
  enviar: ReactNode;
  children: ReactNode;
};

/** A dialog holding one of the document's small forms: its title, its fields, the server's refusal and its buttons. */
export function FormularioDialogo({ id, abierto, cerrar, onSubmit, titulo, fallo, enviar, children }: FormularioProps) {
  const translate = useTranslate();
  return (
    <Dialog open={abierto} onClose={cerrar} aria-labelledby={id} maxWidth="sm" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id={id}>{titulo}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {children}
          {fallo && <Alert severity="error">{fallo}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={cerrar}>{translate('ra.action.cancel')}</Button>
          {enviar}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The state of a required reason: what was typed, and whether its absence is being shown. */
export function useMotivo() {
  const [motivo, setMotivo] = useState('');
  const [falta, setFalta] = useState(false);
  const cambiar = (valor: string) => {
    setMotivo(valor);
    if (valor.trim()) setFalta(false);
  };
  return { motivo, setMotivo, falta, setFalta, cambiar };
}

/** The reason an annulment needs (required, up to 300 characters): what is missing, or the help, under it. */
export function CampoMotivo({
  estado: { motivo, falta, cambiar },
  label,
  requerido,
  ayuda,
}: {
  estado: ReturnType<typeof useMotivo>;
  label: string;
  requerido: string;
  ayuda: string;
}) {
  return (
    <TextField
      label={label}
      value={motivo}
      onChange={(e) => cambiar(e.target.value)}
      required
      error={falta}
      helperText={falta ? requerido : ayuda}
      slotProps={{ htmlInput: { maxLength: 300 } }}
      multiline
      minRows={2}
      fullWidth
      autoFocus
    />
  );
}

/**
 * Enviar por correo: a dialog saying where it goes (the buyer's addresses) and taking other addresses if wanted;
 * POST {api}/:id/correo { para? }. The server's refusal (no address, an invalid one) stays in the dialog.
 */
export function EnviarCorreo({ record }: { record: Registro }) {
  const { texto, receptor: libro = CLIENTE, correos: propios } = useDocumento();
  const [abierto, setAbierto] = useState(false);
  const [para, setPara] = useState('');
  const { pending, fallo, cerrar, enviar } = useEnvio(record, 'correo', texto('entrega.enviada'), () => {
    setAbierto(false);
    setPara('');
  });
  const { data: receptor } = useGetOne<Receptor>(
    libro.recurso,
    { id: campoDe(record, libro.codigo) as number },
    { enabled: abierto && !propios, retry: false },
  );
  const correos = (propios?.(record) ?? (receptor?.[libro.correos] as string[] | null | undefined) ?? []).filter(Boolean);
  const alEnviar = (event: FormEvent) => {
    event.preventDefault();
    const otra = para.trim();
    void enviar(otra ? { para: otra } : {});
  };
  return (
    <>
      <Button variant="outlined" startIcon={<EmailIcon />} onClick={() => setAbierto(true)}>
        {texto('entrega.enviar')}
      </Button>
      <FormularioDialogo
        id="correo-titulo"
        abierto={abierto}
        cerrar={cerrar}
        onSubmit={alEnviar}
        titulo={texto('entrega.dialogo_titulo')}
        fallo={fallo}
        enviar={
          <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={pending}>
            {texto('entrega.enviar_boton')}
          </Button>
        }
      >
        <DialogContentText>
          {correos.length > 0
            ? texto('entrega.dialogo_texto', { correos: correos.join(', ') })
            : receptor || propios
              ? texto('entrega.dialogo_sin_correos')
              : texto('entrega.dialogo_texto', { correos: campoDe(record, libro.razonSocial) })}
        </DialogContentText>
        <TextField
          label={texto('entrega.para')}
          helperText={texto('entrega.para_ayuda')}
          value={para}
          onChange={(e) => setPara(e.target.value)}
          type="text"
          inputMode="email"
          autoComplete="email"
          slotProps={{ htmlInput: { maxLength: 500 } }}
          fullWidth
          autoFocus
        />
      </FormularioDialogo>
    </>
  );
}

/**
 * Marcar como anulada (AUTORIZADA only): a dialog explaining that the SRI's portal annuls it and this only records it,
 * the reason required; POST {api}/:id/anular { motivo }.
 */
export function Anular({ record }: { record: Registro }) {
  const { texto } = useDocumento();
  const [abierto, setAbierto] = useState(false);
  const estado = useMotivo();
  const { motivo, setMotivo, setFalta } = estado;
  const { pending, fallo, cerrar, enviar } = useEnvio(record, 'anular', texto('anular.anulada'), () => {
    setAbierto(false);
    setMotivo('');
    setFalta(false);
  });
  const anular = (event: FormEvent) => {
    event.preventDefault();
    if (!motivo.trim()) {
      setFalta(true);
      return;
    }
    void enviar({ motivo: motivo.trim() });
  };
  return (
    <>
      <Button color="warning" startIcon={<BlockIcon />} onClick={() => setAbierto(true)}>
        {texto('anular.boton')}
      </Button>
      <FormularioDialogo
        id="anular-titulo"
        abierto={abierto}
        cerrar={cerrar}
        onSubmit={anular}
        titulo={texto('anular.titulo')}
        fallo={fallo}
        enviar={
          <Button type="submit" variant="contained" color="warning" disabled={pending}>
            {texto('anular.confirmar')}
          </Button>
        }
      >
        <Alert severity="warning">{texto('anular.texto')}</Alert>
        <CampoMotivo
          estado={estado}
          label={texto('anular.motivo')}
          requerido={texto('anular.motivo_requerido')}
          ayuda={texto('anular.motivo_ayuda')}
        />
      </FormularioDialogo>
    </>
  );
}
