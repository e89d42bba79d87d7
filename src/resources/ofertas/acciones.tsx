import { useState, type FormEvent } from 'react';
import { Confirm, Form, useNotify, useRedirect, useRefresh, useTranslate } from 'react-admin';
import { RemoveRecordButton } from '../../shell/RemoveRecordButton';
import { useQueryClient } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import CloseIcon from '@mui/icons-material/HighlightOff';
import DownloadIcon from '@mui/icons-material/Download';
import EmailIcon from '@mui/icons-material/Email';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import SendIcon from '@mui/icons-material/Send';
import type { OfertaDetalle } from '../../../domain/contratos/ofertas';
import { FormularioDialogo } from '../../comprobantes/acciones';
import { useAreaDataProvider } from '../../dataProvider/useAreaDataProvider';
import { useAccion } from '../../shell/useAccion';
import { usePuntos } from '../facturas/datos';
import { PuntoInput } from '../facturas/FacturaForm';
import { numeroOferta } from '../../../domain/ofertas';
import { texto } from './textos';

export type Registro = OfertaDetalle & { id: number };

const t = (key: string, options?: object) => texto(`show.${key}`, options);
const api = (record: Registro, ruta: string) => `/api/ofertas/${record.OFE_CODIGO}/${ruta}`;

/** After an action: the page and the quotes' lists read again (and the invoices', which a new draft changes). */
function useReleer() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['ofertas'] });
    void queryClient.invalidateQueries({ queryKey: ['facturas'] });
    refresh();
  };
}

/** The quote as a PDF (oferta-000123.pdf), downloaded with the company's token. */
export function DescargarPdf({ record }: { record: Registro }) {
  const dataProvider = useAreaDataProvider();
  const { pending, run } = useAccion();
  const descargar = () => run(() => dataProvider.download(api(record, 'pdf'), `oferta-${numeroOferta(record.OFE_NUMERO)}.pdf`));
  return (
    <Button startIcon={<DownloadIcon />} onClick={descargar} disabled={pending}>
      {t('pdf')}
    </Button>
  );
}

/**
 * Enviar por correo: a dialog with the client's addresses already written (editable); POST correo { para }. The quote
 * becomes ENVIADA; a refusal (no address) is told as a notice and the dialog stays open.
 */
export function EnviarCorreo({ record }: { record: Registro }) {
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const releer = useReleer();
  const { pending, run } = useAccion();
  const [abierto, setAbierto] = useState(false);
  const [para, setPara] = useState('');
  const abrir = () => {
    setPara(record.CLI_CORREOS.filter(Boolean).join(', '));
    setAbierto(true);
  };
  const enviar = (event: FormEvent) => {
    event.preventDefault();
    const destino = para.trim();
    void run(async () => {
      await dataProvider.call(api(record, 'correo'), { method: 'POST', body: destino ? { para: destino } : {} });
      notify(t('correo_enviado'), { type: 'success' });
      setAbierto(false);
      releer();
    });
  };
  return (
    <>
      <Button variant="outlined" startIcon={<EmailIcon />} onClick={abrir}>
        {t('correo')}
      </Button>
      <FormularioDialogo
        id="oferta-correo-titulo"
        abierto={abierto}
        cerrar={() => setAbierto(false)}
        onSubmit={enviar}
        titulo={t('correo_titulo')}
        fallo={null}
        enviar={
          <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={pending}>
            {t('correo_enviar')}
          </Button>
        }
      >
        <DialogContentText>{t('correo_texto')}</DialogContentText>
        <TextField
          label={t('correo_para')}
          helperText={t('correo_ayuda')}
          value={para}
          onChange={(e) => setPara(e.target.value)}
          inputMode="email"
          autoComplete="email"
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          multiline
          fullWidth
          autoFocus
        />
      </FormularioDialogo>
    </>
  );
}

/** Marcar aceptada / Marcar rechazada: confirmed, POST aceptar or rechazar; a refusal (expired, invoiced) as a notice. */
export function Responder({ record, respuesta }: { record: Registro; respuesta: 'aceptar' | 'rechazar' }) {
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const releer = useReleer();
  const { pending, run } = useAccion();
  const [confirmando, setConfirmando] = useState(false);
  const responder = () =>
    run(async () => {
      try {
        await dataProvider.call(api(record, respuesta), { method: 'POST' });
        notify(t(respuesta === 'aceptar' ? 'aceptada' : 'rechazada'), { type: 'success' });
        releer();
      } finally {
        setConfirmando(false);
      }
    });
  const acepta = respuesta === 'aceptar';
  return (
    <>
      <Button
        variant={acepta ? 'contained' : 'text'}
        color={acepta ? 'success' : 'error'}
        startIcon={acepta ? <CheckIcon /> : <CloseIcon />}
        onClick={() => setConfirmando(true)}
        disabled={pending}
      >
        {t(respuesta)}
      </Button>
      <Confirm
        isOpen={confirmando}
        loading={pending}
        title={t(`${respuesta}_titulo`)}
        content={t(`${respuesta}_texto`)}
        confirm={t(respuesta)}
        onConfirm={responder}
        onClose={() => setConfirmando(false)}
      />
    </>
  );
}

/** The emission point's dialog, inside its react-admin form (PuntoInput is a form input). */
function DialogoFacturar({
  cerrar,
  facturar,
  pending,
}: {
  cerrar: () => void;
  facturar: (punto: number) => Promise<void>;
  pending: boolean;
}) {
  const { handleSubmit, setError } = useFormContext<{ PEM_CODIGO: number | '' }>();
  const requerido = useTranslate()('ra.validation.required');
  const { data: puntos } = usePuntos();
  const enviar = handleSubmit(({ PEM_CODIGO }) =>
    PEM_CODIGO ? facturar(PEM_CODIGO) : setError('PEM_CODIGO', { type: 'required', message: requerido }),
  );
  return (
    <FormularioDialogo
      id="oferta-facturar-titulo"
      abierto
      cerrar={cerrar}
      onSubmit={(event) => void enviar(event)}
      titulo={t('facturar_titulo')}
      fallo={null}
      enviar={
        <Button type="submit" variant="contained" startIcon={<ReceiptIcon />} disabled={pending || !puntos?.length}>
          {t('facturar_boton')}
        </Button>
      }
    >
      <DialogContentText>{t('facturar_texto')}</DialogContentText>
      <PuntoInput />
    </FormularioDialogo>
  );
}

/**
 * Facturar (an ACEPTADA quote not yet invoiced): the emission point is chosen as on the invoice's form (the only one is
 * chosen for the user), POST facturar { PEM_CODIGO }, and the new invoice draft opens to review its payments.
 */
export function Facturar({ record }: { record: Registro }) {
  const dataProvider = useAreaDataProvider();
  const notify = useNotify();
  const redirect = useRedirect();
  const releer = useReleer();
  const { data: puntos } = usePuntos();
  const { pending, run } = useAccion();
  const [abierto, setAbierto] = useState(false);
  const facturar = (punto: number) =>
    run(async () => {
      const oferta = await dataProvider.call<OfertaDetalle>(api(record, 'facturar'), { method: 'POST', body: { PEM_CODIGO: punto } });
      notify(t('facturada'), { type: 'success' });
      setAbierto(false);
      releer();
      if (oferta.FAC_CODIGO) redirect('edit', 'facturas', oferta.FAC_CODIGO);
    });
  return (
    <>
      <Button variant="contained" startIcon={<ReceiptIcon />} onClick={() => setAbierto(true)} data-facturar>
        {t('facturar')}
      </Button>
      {abierto && (
        // The only emission point goes in the defaults (see FacturaCreate why).
        <Form defaultValues={{ PEM_CODIGO: puntos?.length === 1 ? puntos[0].PEM_CODIGO : '' }} record={{}}>
          <DialogoFacturar cerrar={() => setAbierto(false)} facturar={facturar} pending={pending} />
        </Form>
      )}
    </>
  );
}

/** Eliminar (a quote not yet invoiced): confirmed, DELETE, then the list. */
export function Eliminar({ record }: { record: Registro }) {
  return (
    <RemoveRecordButton
      resource="ofertas"
      record={record}
      texts={{ label: t('eliminar'), title: t('eliminar_titulo'), content: t('eliminar_texto'), done: t('eliminada') }}
    />
  );
}
