import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { AppContext, Log } from '../../core/context';
import type { CompanyActor } from '../../core/actor';
import { HttpError } from '../../core/errors';
import { empresas } from '../../infra/db/schema';
import type { MailAttachment } from '../../infra/mail';
import { sendWhatsAppText, whatsAppConfigured, whatsAppLink } from '../../infra/whatsapp';
import { CLIENTE_MSG, ENVIO_CLIENTE, ENVIO_MSG, telefonoWhatsApp } from '../../../domain/clientes';
import { findVisibleClient } from '../clientes';
import { documentsOfClient, userName } from '../clientesDocumentos';
import type { EnviarBody, EnviarWSBody, EnvioRespuesta } from './contract';
import { recordSending, toEnvio } from './repo';

type Deps = Pick<AppContext, 'db' | 'files' | 'mailer' | 'config' | 'throttle'>;

/** The rate-limit counter of a company's sendings (intentos: shared by every instance). */
export const sendingsKey = (empresa: number) => `envios:empresa:${empresa}`;

/**
 * Counts one sending of the company and refuses it (429) beyond ENVIO_CLIENTE.maxSeguidos without a pause of the
 * rate-limit window: a company's people write to their clients one by one, not in bulk through the platform's server.
 */
const countSending = (deps: Deps, empresa: number) =>
  deps.throttle.hit([{ key: sendingsKey(empresa), kind: 'ceiling', max: ENVIO_CLIENTE.maxSeguidos }]);

/** What the history keeps of a failure: short, one line. */
const detail = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 500);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The email a company sends its client: the user's text, signed with the company's name. */
export function clientMail(mensaje: string, empresa: string) {
  const text = `${mensaje}\n\n--\n${empresa}\n`;
  const paragraphs = escapeHtml(mensaje).replace(/\r?\n/g, '<br>\n');
  const html =
    `<!doctype html><html><body style="font-family: Arial, sans-serif; font-size: 14px; color: #222">` +
    `<div>${paragraphs}</div>` +
    `<p style="margin-top: 24px; color: #555">--<br>\n${escapeHtml(empresa)}</p>` +
    `</body></html>`;
  return { text, html };
}

async function companyOf(deps: Deps, empresa: number) {
  const [row] = await deps.db
    .select({ nombre: empresas.EMP_NOMBREC, correo: empresas.EMP_CORREO })
    .from(empresas)
    .where(eq(empresas.EMP_CODIGO, empresa));
  return row;
}

/** The addresses to write to: all the client's, or the ones asked for, each of which must be one of the client's. */
function recipients(registered: string[], asked: string[] | undefined): string[] {
  if (!asked?.length) return registered;
  const own = new Map(registered.map((c) => [c.trim().toLowerCase(), c]));
  const chosen = asked.map((c) => {
    const found = own.get(c.trim().toLowerCase());
    if (!found) throw new HttpError(400, ENVIO_MSG.correoAjeno(c));
    return found;
  });
  return [...new Set(chosen)];
}

/**
 * Emails a client from its page: to its addresses, with some of its documents attached (streamed from the storage).
 * The sending is recorded whatever happens; when the mail server refuses it the answer is 502 with the reason kept in
 * the history.
 */
export async function emailClient(deps: Deps, company: CompanyActor, body: EnviarBody, log: Log): Promise<EnvioRespuesta> {
  const client = await findVisibleClient(deps.db, company, body.CLI_CODIGO);
  const registered = [...new Set(client.CLI_CORREOS.map((c) => c.trim()).filter(Boolean))];
  if (registered.length === 0) throw new HttpError(400, CLIENTE_MSG.sinCorreo);
  const destinos = recipients(registered, body.correos);

  const ids = [...new Set(body.documentos ?? [])];
  const documents = await documentsOfClient(deps.db, client.EMP_CODIGO, client.CLI_CODIGO, ids);
  if (documents.length !== ids.length) throw new HttpError(400, ENVIO_MSG.documentoAjeno);
  const total = documents.reduce((sum, d) => sum + d.CDO_BYTES, 0);
  if (total > ENVIO_CLIENTE.maxAdjuntosBytes) throw new HttpError(400, ENVIO_MSG.adjuntosGrandes);

  await countSending(deps, client.EMP_CODIGO);
  const empresa = await companyOf(deps, client.EMP_CODIGO);
  const streams: Readable[] = [];
  let sendError: Error | undefined;
  try {
    const attachments: MailAttachment[] = [];
    for (const document of documents) {
      const stored = await deps.files.open(document.CDO_RUTA);
      if (!stored?.body) throw new HttpError(409, ENVIO_MSG.documentoSinArchivo(document.CDO_NOMBRE));
      streams.push(stored.body);
      attachments.push({ filename: document.CDO_NOMBRE, content: stored.body, contentType: document.CDO_TIPO });
    }
    const { text, html } = clientMail(body.mensaje, empresa.nombre);
    try {
      await deps.mailer.send({
        to: destinos.join(', '),
        subject: body.asunto,
        text,
        html,
        replyTo: empresa.correo || undefined,
        attachments,
      });
    } catch (error) {
      sendError = error as Error;
      log.warn(
        { err: { message: sendError.message, code: (sendError as { code?: string }).code } },
        'no se pudo enviar un correo a un cliente',
      );
    }
  } finally {
    for (const stream of streams) stream.destroy();
  }

  const row = await recordSending(deps.db, {
    CLI_CODIGO: client.CLI_CODIGO,
    EMP_CODIGO: client.EMP_CODIGO,
    USU_CODIGO: company.usuario,
    CEN_CANAL: 'correo',
    CEN_DESTINO: destinos.join(', '),
    CEN_ASUNTO: body.asunto,
    CEN_RESULTADO: sendError ? 'error' : 'enviado',
    CEN_DETALLE: sendError
      ? detail(sendError.message || 'Error del servidor de correo')
      : documents.length
        ? detail(`Adjuntos: ${documents.map((d) => d.CDO_NOMBRE).join(', ')}`)
        : null,
  });
  if (sendError) throw new HttpError(502, ENVIO_MSG.correoFallido);
  return { msg: ENVIO_MSG.correoEnviado(destinos), envio: toEnvio(row, await userName(deps.db, company.usuario)) };
}

/** The number to write to: the phone asked for (one of the client's) or the client's first, with the country code. */
function whatsAppNumber(phones: string[], asked: string | undefined): string {
  let chosen = phones[0];
  if (asked !== undefined) {
    const wanted = telefonoWhatsApp(asked);
    const found = phones.find((p) => p === asked.trim() || (wanted !== null && telefonoWhatsApp(p) === wanted));
    if (!found) throw new HttpError(400, ENVIO_MSG.telefonoAjeno);
    chosen = found;
  }
  const numero = telefonoWhatsApp(chosen);
  if (!numero) throw new HttpError(400, ENVIO_MSG.telefonoInvalido(chosen));
  return numero;
}

/**
 * Sends a WhatsApp message to a client: through the Cloud API when it is configured (the platform's business number,
 * so the text is signed with the company's name), otherwise as a wa.me link the user opens to send it from their own
 * WhatsApp. Either way the sending is recorded; a refusal of the API answers 502 with its reason in the history.
 */
export async function whatsAppClient(deps: Deps, company: CompanyActor, body: EnviarWSBody, log: Log): Promise<EnvioRespuesta> {
  const client = await findVisibleClient(deps.db, company, body.CLI_CODIGO);
  const phones = client.CLI_TELEFONOS.map((p) => p.trim()).filter(Boolean);
  if (phones.length === 0) throw new HttpError(400, CLIENTE_MSG.sinTelefono);
  const numero = whatsAppNumber(phones, body.telefono);
  await countSending(deps, client.EMP_CODIGO);
  const config = deps.config.whatsapp;
  const record = (CEN_RESULTADO: 'enviado' | 'error' | 'enlace', CEN_DETALLE: string | null) =>
    recordSending(deps.db, {
      CLI_CODIGO: client.CLI_CODIGO,
      EMP_CODIGO: client.EMP_CODIGO,
      USU_CODIGO: company.usuario,
      CEN_CANAL: 'whatsapp',
      CEN_DESTINO: numero,
      CEN_ASUNTO: null,
      CEN_RESULTADO,
      CEN_DETALLE,
    });

  if (!whatsAppConfigured(config)) {
    const row = await record('enlace', null);
    return {
      msg: ENVIO_MSG.whatsappEnlace,
      envio: toEnvio(row, await userName(deps.db, company.usuario)),
      enlace: whatsAppLink(numero, body.mensaje),
    };
  }
  const empresa = await companyOf(deps, client.EMP_CODIGO);
  const firma = `\n\n— ${empresa.nombre}`;
  const text = body.mensaje.slice(0, ENVIO_CLIENTE.mensajeWhatsApp - firma.length) + firma;
  const result = await sendWhatsAppText(config, numero, text);
  if (!result.ok) {
    log.warn({ detalle: result.detalle }, 'WhatsApp no aceptó un mensaje a un cliente');
    await record('error', detail(result.detalle));
    throw new HttpError(502, ENVIO_MSG.whatsappFallido);
  }
  const row = await record('enviado', result.id);
  return { msg: ENVIO_MSG.whatsappEnviado(numero), envio: toEnvio(row, await userName(deps.db, company.usuario)) };
}
