import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { MensajeSriLocal } from './tipos';

/**
 * The SOAP 1.1 envelopes of the SRI's offline services, document/literal as their WSDLs say, with unqualified local
 * elements (elementFormDefault="unqualified"): only the operation's wrapper carries the service's namespace.
 */

const ENVELOPE = 'http://schemas.xmlsoap.org/soap/envelope/';
export const NS_RECEPCION = 'http://ec.gob.sri.ws.recepcion';
export const NS_AUTORIZACION = 'http://ec.gob.sri.ws.autorizacion';

/** Text content and attribute values escaped alike. */
export function escapar(texto: string): string {
  return texto.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** A CDATA section holding any text: a "]]>" inside is split across two sections. */
export function cdata(texto: string): string {
  return `<![CDATA[${texto.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

const sobre = (cuerpo: string) => `<soap:Envelope xmlns:soap="${ENVELOPE}"><soap:Body>${cuerpo}</soap:Body></soap:Envelope>`;

/** 2026-11-22T10:15:30.123-05:00: Ecuador's time (UTC−5 all year), with milliseconds. */
export function fechaEcuador(fecha: Date): string {
  return `${new Date(fecha.getTime() - 5 * 3_600_000).toISOString().slice(0, 23)}-05:00`;
}

export function mensajesXml(mensajes: readonly MensajeSriLocal[] | undefined): string {
  if (!mensajes?.length) return '<mensajes/>';
  const uno = (m: MensajeSriLocal) =>
    '<mensaje>' +
    `<identificador>${escapar(m.identificador)}</identificador>` +
    `<mensaje>${escapar(m.mensaje)}</mensaje>` +
    (m.informacionAdicional === undefined ? '' : `<informacionAdicional>${escapar(m.informacionAdicional)}</informacionAdicional>`) +
    `<tipo>${m.tipo}</tipo>` +
    '</mensaje>';
  return `<mensajes>${mensajes.map(uno).join('')}</mensajes>`;
}

export type RespuestaRecepcion = { estado: 'RECIBIDA' } | { estado: 'DEVUELTA'; claveAcceso: string; mensajes: MensajeSriLocal[] };

export function respuestaRecepcion(r: RespuestaRecepcion): string {
  const comprobantes =
    r.estado === 'RECIBIDA'
      ? '<comprobantes/>'
      : `<comprobantes><comprobante><claveAcceso>${escapar(r.claveAcceso)}</claveAcceso>${mensajesXml(r.mensajes)}</comprobante></comprobantes>`;
  return sobre(
    `<ns2:validarComprobanteResponse xmlns:ns2="${NS_RECEPCION}"><RespuestaRecepcionComprobante>` +
      `<estado>${r.estado}</estado>${comprobantes}` +
      '</RespuestaRecepcionComprobante></ns2:validarComprobanteResponse>',
  );
}

export type EntradaAutorizacion = {
  estado: 'AUTORIZADO' | 'NO AUTORIZADO' | 'EN PROCESO';
  /** Only for AUTORIZADO: the access key. */
  numeroAutorizacion?: string;
  fechaAutorizacion: Date;
  ambiente: 'PRUEBAS' | 'PRODUCCIÓN';
  /** The signed XML as received (not for EN PROCESO). */
  comprobante?: string;
  mensajes?: MensajeSriLocal[];
};

export function respuestaAutorizacion(clave: string, entradas: readonly EntradaAutorizacion[]): string {
  const una = (e: EntradaAutorizacion) =>
    '<autorizacion>' +
    `<estado>${e.estado}</estado>` +
    (e.numeroAutorizacion === undefined ? '' : `<numeroAutorizacion>${escapar(e.numeroAutorizacion)}</numeroAutorizacion>`) +
    `<fechaAutorizacion>${fechaEcuador(e.fechaAutorizacion)}</fechaAutorizacion>` +
    `<ambiente>${e.ambiente}</ambiente>` +
    (e.comprobante === undefined ? '' : `<comprobante>${cdata(e.comprobante)}</comprobante>`) +
    mensajesXml(e.mensajes) +
    '</autorizacion>';
  const autorizaciones = entradas.length ? `<autorizaciones>${entradas.map(una).join('')}</autorizaciones>` : '<autorizaciones/>';
  return sobre(
    `<ns2:autorizacionComprobanteResponse xmlns:ns2="${NS_AUTORIZACION}"><RespuestaAutorizacionComprobante>` +
      `<claveAccesoConsultada>${escapar(clave)}</claveAccesoConsultada>` +
      `<numeroComprobantes>${entradas.length}</numeroComprobantes>` +
      autorizaciones +
      '</RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse>',
  );
}

/** A SOAP 1.1 Fault (sent with HTTP 500): soap:Client for a request we cannot read, soap:Server for our own failure. */
export function fault(codigo: 'Client' | 'Server', texto: string): string {
  return sobre(`<soap:Fault><faultcode>soap:${codigo}</faultcode><faultstring>${escapar(texto)}</faultstring></soap:Fault>`);
}

const parser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: true });

export type Solicitud = { ok: true; valor: string | undefined } | { ok: false; error: string };

/**
 * The one parameter of an operation's request: `xml` of validarComprobante, `claveAccesoComprobante` of
 * autorizacionComprobante (undefined when the wrapper is there without it). A body that is not a SOAP envelope with
 * that operation in its Body is refused, as the SRI's CXF refuses it (a Fault).
 */
export function leerSolicitud(cuerpo: string, operacion: 'validarComprobante' | 'autorizacionComprobante'): Solicitud {
  if (XMLValidator.validate(cuerpo) !== true)
    return { ok: false, error: 'Error reading XMLStreamReader: el cuerpo no es XML bien formado.' };
  const documento = parser.parse(cuerpo) as Record<string, unknown>;
  const body = (documento.Envelope as Record<string, unknown> | undefined)?.Body;
  if (body === undefined || typeof body !== 'object' || body === null) {
    return { ok: false, error: 'La solicitud no es un sobre SOAP 1.1 (soap:Envelope con soap:Body).' };
  }
  if (!(operacion in body)) {
    const encontrada = Object.keys(body)[0] ?? 'ninguna';
    return { ok: false, error: `Unexpected wrapper element ${encontrada} found. Expected ${operacion}.` };
  }
  const wrapper = (body as Record<string, unknown>)[operacion];
  const parametro = operacion === 'validarComprobante' ? 'xml' : 'claveAccesoComprobante';
  const valor = wrapper !== null && typeof wrapper === 'object' ? (wrapper as Record<string, unknown>)[parametro] : undefined;
  return { ok: true, valor: valor === undefined ? undefined : String(valor) };
}
