/**
 * The SRI's two offline web services (SOAP 1.1, document/literal; their WSDLs are in the reference folder):
 * RecepcionComprobantesOffline.validarComprobante (the signed XML in base64 → RECIBIDA or DEVUELTA with messages) and
 * AutorizacionComprobantesOffline.autorizacionComprobante (the access key → the authorizations it has for it).
 *
 * Anything that is not one of those answers — no connection, the timeout, an HTTP error, a SOAP Fault, a body that is
 * not the expected XML — is SriNoDisponible: the queue tries again later. Never a guess: a document is only refused or
 * authorized when the SRI said so in a well-formed answer.
 */
import http from 'node:http';
import https from 'node:https';
import type { MensajeSriGuardado } from '../../../../domain/facturas';
import type { SriConfig } from '../../../config';
import { hijo, leerXml, type ElementoXml } from '../xml-lector';

export type Ambiente = '1' | '2';
export type RespuestaRecepcion = { estado: 'RECIBIDA' | 'DEVUELTA'; mensajes: MensajeSriGuardado[] };
export type EstadoAutorizacion = 'AUTORIZADO' | 'NO AUTORIZADO' | 'EN PROCESO';
export type Autorizacion = {
  estado: EstadoAutorizacion;
  numeroAutorizacion: string | null;
  fechaAutorizacion: Date | null;
  ambiente: string | null;
  /** The authorized document, as the SRI gives it back. */
  comprobante: string | null;
  mensajes: MensajeSriGuardado[];
};
/** Every entry the SRI gave for the key, and the one that decides: an AUTORIZADO wins over any other. */
export type RespuestaAutorizacion = { autorizaciones: Autorizacion[]; decisiva: Autorizacion | null };

export class SriNoDisponible extends Error {}

export const SERVICIOS = {
  recepcion: 'RecepcionComprobantesOffline',
  autorizacion: 'AutorizacionComprobantesOffline',
} as const;

/** An element's text, or null when it is missing or holds elements instead. */
const texto = (elemento: ElementoXml | undefined): string | null => (elemento && elemento.hijos.length === 0 ? elemento.texto : null);
/** The children named `nombre`: the items of a list. */
const lista = (elemento: ElementoXml | undefined, nombre: string) => elemento?.hijos.filter((h) => h.nombre === nombre) ?? [];
/** Down a path of first children by name. */
const bajar = (elemento: ElementoXml | undefined, ...camino: string[]) => camino.reduce(hijo, elemento);

function mensajesDe(contenedor: ElementoXml | undefined): MensajeSriGuardado[] {
  return lista(contenedor, 'mensaje').map((m) => ({
    identificador: texto(hijo(m, 'identificador')) ?? '',
    mensaje: texto(hijo(m, 'mensaje')) ?? '',
    informacionAdicional: texto(hijo(m, 'informacionAdicional')),
    tipo: texto(hijo(m, 'tipo')) ?? 'ERROR',
  }));
}

const sobre = (namespace: string, cuerpo: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ec="${namespace}"><soapenv:Header/><soapenv:Body>${cuerpo}</soapenv:Body></soapenv:Envelope>`;

const escapar = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The decisive entry: AUTORIZADO over anything; otherwise NO AUTORIZADO over EN PROCESO (the latest of its kind). */
export function decisiva(autorizaciones: Autorizacion[]): Autorizacion | null {
  for (const estado of ['AUTORIZADO', 'NO AUTORIZADO', 'EN PROCESO'] as const) {
    const de = autorizaciones.filter((a) => a.estado === estado);
    if (de.length) return de.at(-1)!;
  }
  return null;
}

type Contestacion = { status: number; body: string };
/** How a call ended early: its time ran out, the server is stopping, or the connection failed. */
class Corte extends Error {
  constructor(readonly motivo: 'plazo' | 'parar' | 'conexion') {
    super(motivo);
  }
}

/**
 * POSTs the envelope with node:http over kept-alive connections (each document makes two calls: no new connection,
 * nor TLS handshake, per call). Ends after `ms` or when `parar` is aborted, whatever the SRI is doing: a timer of its
 * own, not AbortSignal.timeout (on Node 20 a garbage collection during the call can collect that signal, and the call
 * then waits for the SRI however long it takes: nodejs/node#57736). A cut connection is the SRI unavailable, whether
 * or not it was kept alive: the queue asks again after its wait, and an import reports the key as not answered.
 */
function post(url: URL, agente: http.Agent, cuerpo: string, ms: number, parar?: AbortSignal): Promise<Contestacion> {
  return new Promise((resolve, reject) => {
    // Declared before the request exists: a caller that has already given up ends it before it is made.
    const llamada: { pedido?: http.ClientRequest } = {};
    const terminar = (corte: Corte['motivo'] | null, contestacion?: Contestacion) => {
      clearTimeout(timer);
      parar?.removeEventListener('abort', alParar);
      if (corte) {
        llamada.pedido?.destroy();
        reject(new Corte(corte));
      } else resolve(contestacion!);
    };
    const alParar = () => terminar('parar');
    const timer = setTimeout(() => terminar('plazo'), ms);
    if (parar?.aborted) return terminar('parar');
    parar?.addEventListener('abort', alParar, { once: true });
    const modulo = url.protocol === 'https:' ? https : http;
    const pedido = modulo.request(
      url,
      {
        method: 'POST',
        agent: agente,
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""', 'Content-Length': Buffer.byteLength(cuerpo) },
      },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (parte: Buffer) => partes.push(parte));
        res.on('end', () => terminar(null, { status: res.statusCode ?? 0, body: Buffer.concat(partes).toString('utf8') }));
        res.on('error', () => terminar('conexion'));
      },
    );
    llamada.pedido = pedido;
    pedido.on('error', () => terminar('conexion'));
    pedido.end(cuerpo);
  });
}

/** `parar`: the caller gives up (the server is stopping); the call ends at once as SriNoDisponible. */
export type ClienteSri = {
  validarComprobante(ambiente: Ambiente, xml: string, parar?: AbortSignal): Promise<RespuestaRecepcion>;
  autorizacionComprobante(ambiente: Ambiente, claveAcceso: string, parar?: AbortSignal): Promise<RespuestaAutorizacion>;
};

export function crearClienteSri(config: Pick<SriConfig, 'urls' | 'timeoutMs'>): ClienteSri {
  const agentes = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

  async function llamar(ambiente: Ambiente, servicio: keyof typeof SERVICIOS, cuerpo: string, parar?: AbortSignal): Promise<ElementoXml> {
    const url = new URL(`${config.urls[ambiente]}/${SERVICIOS[servicio]}`);
    let respuesta: Contestacion;
    try {
      respuesta = await post(url, url.protocol === 'https:' ? agentes['https:'] : agentes['http:'], cuerpo, config.timeoutMs, parar);
    } catch (error) {
      const corte = (error as Corte).motivo;
      if (corte === 'parar' || parar?.aborted)
        throw new SriNoDisponible('El servidor se detuvo durante la consulta al SRI; se reintentará.');
      throw new SriNoDisponible(
        corte === 'plazo' ? `El SRI no respondió en ${Math.round(config.timeoutMs / 1000)} s.` : 'No se pudo conectar con el SRI.',
      );
    }
    let sobreSoap: ElementoXml | undefined;
    try {
      sobreSoap = leerXml(respuesta.body, { recortar: true });
    } catch {
      sobreSoap = undefined;
    }
    const cuerpoSoap = sobreSoap?.nombre === 'Envelope' ? hijo(sobreSoap, 'Body') : undefined;
    if (respuesta.status !== 200) {
      const falla = texto(bajar(cuerpoSoap, 'Fault', 'faultstring'));
      throw new SriNoDisponible(`El SRI respondió con un error (HTTP ${respuesta.status}${falla ? `: ${falla.slice(0, 200)}` : ''}).`);
    }
    if (!cuerpoSoap) throw new SriNoDisponible('El SRI respondió algo que no es una respuesta válida.');
    return cuerpoSoap;
  }

  const ilegible = () => new SriNoDisponible('El SRI respondió algo que no es una respuesta válida.');

  return {
    async validarComprobante(ambiente, xml, parar) {
      const base64 = Buffer.from(xml, 'utf8').toString('base64');
      const cuerpo = await llamar(
        ambiente,
        'recepcion',
        sobre('http://ec.gob.sri.ws.recepcion', `<ec:validarComprobante><xml>${base64}</xml></ec:validarComprobante>`),
        parar,
      );
      const respuesta = bajar(cuerpo, 'validarComprobanteResponse', 'RespuestaRecepcionComprobante');
      const comprobantes = lista(hijo(respuesta, 'comprobantes'), 'comprobante');
      const mensajes = comprobantes.flatMap((c) => mensajesDe(hijo(c, 'mensajes')));
      // A document the SRI cannot even read (35, ConversionArchivoXMLException) comes back with its error and no estado.
      const estado = texto(hijo(respuesta, 'estado')) ?? (respuesta && mensajes.some((m) => m.tipo === 'ERROR') ? 'DEVUELTA' : null);
      if (estado !== 'RECIBIDA' && estado !== 'DEVUELTA') throw ilegible();
      return { estado, mensajes };
    },

    async autorizacionComprobante(ambiente, claveAcceso, parar) {
      const cuerpo = await llamar(
        ambiente,
        'autorizacion',
        sobre(
          'http://ec.gob.sri.ws.autorizacion',
          `<ec:autorizacionComprobante><claveAccesoComprobante>${escapar(claveAcceso)}</claveAccesoComprobante></ec:autorizacionComprobante>`,
        ),
        parar,
      );
      const respuesta = bajar(cuerpo, 'autorizacionComprobanteResponse', 'RespuestaAutorizacionComprobante');
      if (!respuesta) throw ilegible();
      const autorizaciones = lista(hijo(respuesta, 'autorizaciones'), 'autorizacion').map((a): Autorizacion => {
        const campo = (nombre: string) => texto(hijo(a, nombre));
        const estado = campo('estado');
        if (estado !== 'AUTORIZADO' && estado !== 'NO AUTORIZADO' && estado !== 'EN PROCESO') throw ilegible();
        const fecha = campo('fechaAutorizacion');
        const fechaAutorizacion = fecha ? new Date(fecha) : null;
        if (fechaAutorizacion && Number.isNaN(fechaAutorizacion.getTime())) throw ilegible();
        // An AUTORIZADO entry without its number and date is not an authorization we can print.
        if (estado === 'AUTORIZADO' && (!campo('numeroAutorizacion') || !fechaAutorizacion)) throw ilegible();
        return {
          estado,
          numeroAutorizacion: campo('numeroAutorizacion'),
          fechaAutorizacion,
          ambiente: campo('ambiente'),
          comprobante: campo('comprobante'),
          mensajes: mensajesDe(hijo(a, 'mensajes')),
        };
      });
      return { autorizaciones, decisiva: decisiva(autorizaciones) };
    },
  };
}
