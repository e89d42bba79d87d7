import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MessageDialog } from '../ui/MessageDialog';
import { useSubmission } from '../ui/useSubmission';
import { Field, SelectField } from '../ui/Field';
import { FilePicker } from '../ui/FilePicker';
import { RichTextField } from '../ui/RichTextField';
import { required, useForm } from '../ui/useForm';
import { api, ApiError } from '../http/client';
import { upload } from '../http/upload';
import { useSettings } from '../settings/SettingsProvider';
import { MSG } from '../../domain/messages';
import { isEmail } from '../../domain/identifiers';
import { fileChoiceProblem, TICKET_FILE } from '../../domain/archivos';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { adminSession } from '../authProvider/session';
import { CONTACTO_MSG, estaEnmascarado } from '../../domain/contacto';
import { TICKET_MSG, TICKET_PHONE_PATTERN, TICKET_RUC_PATTERN, TICKET_SUBJECT_CHOICES } from '../../domain/tickets';
import type { ProductoListado } from '../../domain/contratos/productos';
import type { SupportCustomer, TicketCreated } from '../../domain/contratos/soporte';
import '../ui/public.css';

const ID_MIN = 10;
const TITLE = 'Nuevo ticket de soporte';

/** The contact details a lookup answered masked, for the RUC or cédula it was asked for. */
type Registrados = { ruc: string; correo: string | null; telefono: string | null };

/**
 * Public support ticket: a customer who cannot sign in asks for help, with one attachment. Buscar fills the name by RUC
 * or cédula; the email and phone on record come masked to anyone but support staff signed in, so the customer sees
 * them as a hint and types their own.
 */
export default function SoporteTicketPage() {
  const navigate = useNavigate();
  const settings = useSettings();
  const [products, setProducts] = useState<ProductoListado[]>([]);
  const [reloadOnClose, setReloadOnClose] = useState(false);
  const [searching, setSearching] = useState(false);
  const [text, setText] = useState({ html: '', empty: true });
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [registrados, setRegistrados] = useState<Registrados | null>(null);
  const form = useForm(
    { SPT_PRODUCTOS: '', SPT_RUC: '', SPT_CLIENTENOMBRE: '', SPT_CLIENTECORREO: '', SPT_CLIENTETELEFONO: '', SPT_ASUNTO: '' },
    (v) => ({
      SPT_PRODUCTOS: required(v.SPT_PRODUCTOS),
      SPT_RUC: required(v.SPT_RUC) ?? (new RegExp(TICKET_RUC_PATTERN).test(v.SPT_RUC.trim()) ? undefined : TICKET_MSG.rucLength),
      SPT_CLIENTENOMBRE: required(v.SPT_CLIENTENOMBRE),
      SPT_CLIENTECORREO:
        required(v.SPT_CLIENTECORREO) ??
        (estaEnmascarado(v.SPT_CLIENTECORREO)
          ? CONTACTO_MSG.correoOculto
          : isEmail(v.SPT_CLIENTECORREO.trim())
            ? undefined
            : 'Ingrese un correo electrónico válido'),
      // Optional (the required fields are product, RUC, name, e-mail and subject): 7 to 10 characters when given.
      SPT_CLIENTETELEFONO:
        !v.SPT_CLIENTETELEFONO.trim() || new RegExp(TICKET_PHONE_PATTERN).test(v.SPT_CLIENTETELEFONO.trim())
          ? undefined
          : TICKET_MSG.phoneLength,
      SPT_ASUNTO: required(v.SPT_ASUNTO),
    }),
  );

  const { message, setMessage, sending, handle } = useSubmission(form.check);
  useDocumentTitle(TITLE);

  useEffect(() => {
    api<ProductoListado[]>('/productos')
      .then(setProducts)
      .catch((e: Error) => setMessage({ title: MSG.loginErrorTitle, text: e.message, severity: 'error' }));
  }, [setMessage]);

  const search = async () => {
    const id = form.values.SPT_RUC.trim();
    if (!id) return setMessage({ title: MSG.customerNotFoundTitle, text: MSG.idRequired, severity: 'warning' });
    if (id.length !== 10 && id.length !== 13)
      return setMessage({ title: MSG.customerNotFoundTitle, text: MSG.idLength, severity: 'warning' });
    setSearching(true);
    try {
      // Support staff signed in on this browser see the contact details whole.
      const customer = await api<SupportCustomer>(`/soporte/datosSoporteCliente/${encodeURIComponent(id)}`, {
        token: adminSession.get()?.token,
      });
      // Masked ones are only a hint: the fields are left for the customer's own, empty of any earlier lookup's.
      form.setMany({
        SPT_CLIENTENOMBRE: customer.nombre ?? '',
        SPT_CLIENTECORREO: customer.enmascarado ? '' : (customer.correo ?? ''),
        SPT_CLIENTETELEFONO: customer.enmascarado ? '' : (customer.telefono ?? ''),
      });
      setRegistrados(customer.enmascarado ? { ruc: id, correo: customer.correo, telefono: customer.telefono } : null);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 404) setMessage({ title: MSG.customerNotFoundTitle, text: MSG.customerNotFound, severity: 'warning' });
      else if (status === 503) setMessage({ title: MSG.customerNotFoundTitle, text: MSG.sriUnavailable, severity: 'warning' });
      else setMessage({ title: MSG.loginErrorTitle, text: (error as Error).message, severity: 'error' });
    } finally {
      setSearching(false);
    }
  };

  const pickFile = (picked: File | undefined) => {
    setFile(null);
    if (!picked) return;
    const problem = fileChoiceProblem(TICKET_FILE, picked);
    if (!problem) return setFile(picked);
    setMessage({ title: MSG.warningTitle, text: problem, severity: 'warning' });
  };

  const submit = handle(async () => {
    if (text.empty) return setMessage({ title: MSG.warningTitle, text: MSG.ticketEmptyText, severity: 'warning' });
    let created: TicketCreated | undefined;
    try {
      const v = form.values;
      created = await api<TicketCreated>('/soporte', {
        method: 'POST',
        body: {
          SPT_PRODUCTOS: Number(v.SPT_PRODUCTOS),
          SPT_RUC: v.SPT_RUC.trim(),
          SPT_CLIENTENOMBRE: v.SPT_CLIENTENOMBRE.trim(),
          SPT_CLIENTECORREO: v.SPT_CLIENTECORREO.trim(),
          SPT_CLIENTETELEFONO: v.SPT_CLIENTETELEFONO.trim(),
          SPT_ASUNTO: v.SPT_ASUNTO,
          SPT_MENSAJE: text.html,
        },
      });
      if (file) {
        try {
          await upload(`/soporte/docCli/${created.SPT_ID}`, file, { token: created.tokenArchivo, onProgress: setProgress });
        } finally {
          setProgress(null);
        }
      }
      await api('/soporte/correo', { method: 'POST', body: { SPT_ID: created.SPT_ID }, token: created.tokenArchivo });
      setReloadOnClose(true);
      setMessage({ title: MSG.ticketOkTitle, text: `${MSG.ticketOk}\nSu número de ticket es el #${created.SPT_ID}.`, severity: 'success' });
    } catch (error) {
      if (!created) throw error;
      setReloadOnClose(true);
      throw new Error(`El ticket #${created.SPT_ID} quedó registrado, pero: ${(error as Error).message}`, { cause: error });
    }
  });

  const closeMessage = () => {
    setMessage(null);
    if (reloadOnClose) window.location.reload();
  };

  const idLength = form.values.SPT_RUC.trim().length;
  // The hints stay while the RUC is the one they were looked up for.
  const pista = registrados?.ruc === form.values.SPT_RUC.trim() ? registrados : null;
  return (
    <div className="am-page">
      <div className="am-page__inner">
        <div className="am-page__head">
          <button
            type="button"
            className="am-btn am-btn--outlined"
            onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/login'))}
          >
            Regresar
          </button>
          <nav className="am-breadcrumb" aria-label="Ruta de navegación">
            <ol>
              <li>
                <Link to="/">Inicio</Link>
              </li>
              <li>Soporte</li>
              <li aria-current="page">Ticket</li>
            </ol>
          </nav>
        </div>
        <main className="am-card am-card--wide">
          <img className="am-card__logo" src={settings.logo} alt={settings.title} />
          <h1>{TITLE}</h1>
          <p className="am-subtitle">Cuéntenos qué necesita; le responderemos al correo que indique.</p>
          <form onSubmit={submit} noValidate>
            <SelectField
              id="SPT_PRODUCTOS"
              label="Producto"
              value={form.values.SPT_PRODUCTOS}
              onChange={(v) => form.set('SPT_PRODUCTOS', v)}
              error={form.errors.SPT_PRODUCTOS}
              placeholder="Seleccione un producto"
              options={products.map((p) => ({ value: p.PROD_ID, label: p.PROD_NOMBRE }))}
            />
            <div className="am-inline">
              <Field
                label="RUC o cédula"
                inputMode="numeric"
                maxLength={13}
                {...form.text('SPT_RUC')}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    if (idLength >= ID_MIN) void search();
                  }
                }}
              />
              <button type="button" className="am-btn" onClick={search} disabled={idLength < ID_MIN || searching}>
                {searching ? 'Buscando...' : 'Buscar'}
              </button>
            </div>
            <Field label="Nombre del cliente" {...form.text('SPT_CLIENTENOMBRE')} />
            <div className="am-row">
              <Field
                label="Correo electrónico"
                type="email"
                {...form.text('SPT_CLIENTECORREO')}
                helperText={form.errors.SPT_CLIENTECORREO ?? (pista?.correo ? CONTACTO_MSG.correoRegistrado(pista.correo) : ' ')}
              />
              <Field
                label="Teléfono"
                type="tel"
                maxLength={10}
                {...form.text('SPT_CLIENTETELEFONO')}
                helperText={form.errors.SPT_CLIENTETELEFONO ?? (pista?.telefono ? CONTACTO_MSG.telefonoRegistrado(pista.telefono) : ' ')}
              />
            </div>
            <SelectField
              id="SPT_ASUNTO"
              label="Asunto"
              value={form.values.SPT_ASUNTO}
              onChange={(v) => form.set('SPT_ASUNTO', v)}
              error={form.errors.SPT_ASUNTO}
              placeholder="Seleccione un asunto"
              options={TICKET_SUBJECT_CHOICES.map((s) => ({ value: s.id, label: s.name }))}
            />
            <div className="am-field">
              <label htmlFor="SPT_MENSAJE">Mensaje</label>
              <RichTextField id="SPT_MENSAJE" label="Mensaje" onChange={(html, empty) => setText({ html, empty })} />
              <div className="am-help"> </div>
            </div>
            <FilePicker
              id="adjunto"
              label="Archivo adjunto (opcional)"
              accept={TICKET_FILE.accept}
              file={file}
              onPick={pickFile}
              help="Un archivo .zip o .rar de hasta 50 MB"
              progress={progress}
            />
            <button type="submit" className="am-btn am-btn--block" disabled={sending}>
              {sending ? 'Enviando...' : 'Enviar ticket'}
            </button>
          </form>
        </main>
      </div>
      <MessageDialog message={message} onClose={closeMessage} />
    </div>
  );
}
