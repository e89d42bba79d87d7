/**
 * The SRI's two offline web services (SOAP 1.1, document/literal; their WSDLs are in the reference folder):
 * RecepcionComprobantesOffline.validarComprobante (the signed XML in base64 → RECIBIDA or DEVUELTA with messages) and
 * AutorizacionComprobantesOffline.autorizacionComprobante (the access key → the authorizations it has for it).
 *
 * Anything that is not one of those answers — no connection, the timeout, an HTTP error, a SOAP Fault, a body that is
 * not the expected XML — is SriNoDisponible: the queue tries again later. Never a guess: a document is only refused or
 * authorized when the SRI said so in a well-formed answer.
 */
import { XMLParser } from 'fast-xml-parser';
import type { MensajeSriGuardado } from '../../../../domain/facturas';
import type { SriConfig } from '../../../config';

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

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  // Lists by their place: <mensaje> is also the name of the text inside each message.
  isArray: (_name, jpath) => /(?:mensajes\.mensaje|autorizaciones\.autorizacion|comprobantes\.comprobante)$/.test(String(jpath)),
});

type Nodo = Record<string, unknown>;
const nodo = (value: unknown): Nodo | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Nodo) : undefined;
const texto = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null);
const lista = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]);

function mensajesDe(contenedor: unknown): MensajeSriGuardado[] {
  return lista(nodo(contenedor)?.mensaje).map((m) => {
    const n = nodo(m) ?? {};
    return {
      identificador: texto(n.identificador) ?? '',
      mensaje: texto(n.mensaje) ?? '',
      informacionAdicional: texto(n.informacionAdicional),
      tipo: texto(n.tipo) ?? 'ERROR',
    };
  });
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

/**
 * The call's signal: aborted after `ms` (a TimeoutError) or when `parar` is. Not AbortSignal.any([AbortSignal.timeout(ms),
 * parar]): on Node 20 a garbage collection during the call can collect that timeout signal, and the call then waits for
 * the SRI however long it takes (nodejs/node#57736). Here the timer holds the controller, and
 * `soltar` takes the listener off `parar`, which lives as long as the server.
 */
function plazoDe(ms: number, parar?: AbortSignal): { signal: AbortSignal; soltar(): void } {
  const control = new AbortController();
  const timer = setTimeout(() => control.abort(new DOMException('El plazo venció.', 'TimeoutError')), ms);
  const alParar = () => control.abort(parar!.reason);
  if (parar?.aborted) alParar();
  else parar?.addEventListener('abort', alParar, { once: true });
  return {
    signal: control.signal,
    soltar() {
      clearTimeout(timer);
      parar?.removeEventListener('abort', alParar);
    },
  };
}

/** `parar`: the caller gives up (the server is stopping); the call ends at once as SriNoDisponible. */
export type ClienteSri = {
  validarComprobante(ambiente: Ambiente, xml: string, parar?: AbortSignal): Promise<RespuestaRecepcion>;
  autorizacionComprobante(ambiente: Ambiente, claveAcceso: string, parar?: AbortSignal): Promise<RespuestaAutorizacion>;
};

export function crearClienteSri(config: Pick<SriConfig, 'urls' | 'timeoutMs'>): ClienteSri {
  async function llamar(ambiente: Ambiente, servicio: keyof typeof SERVICIOS, cuerpo: string, parar?: AbortSignal): Promise<Nodo> {
    const url = `${config.urls[ambiente]}/${SERVICIOS[servicio]}`;
    let respuesta: Response;
    let body: string;
    const plazo = plazoDe(config.timeoutMs, parar);
    try {
      respuesta = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""' },
        body: cuerpo,
        signal: plazo.signal,
      });
      body = await respuesta.text();
    } catch (error) {
      if (parar?.aborted) throw new SriNoDisponible('El servidor se detuvo durante la consulta al SRI; se reintentará.');
      const nombre = (error as Error).name;
      throw new SriNoDisponible(
        nombre === 'TimeoutError' || nombre === 'AbortError'
          ? `El SRI no respondió en ${Math.round(config.timeoutMs / 1000)} s.`
          : 'No se pudo conectar con el SRI.',
      );
    } finally {
      plazo.soltar();
    }
    let parsed: Nodo | undefined;
    try {
      parsed = nodo(parser.parse(body, true));
    } catch {
      parsed = undefined;
    }
    const cuerpoSoap = nodo(nodo(parsed?.Envelope)?.Body);
    if (respuesta.status !== 200) {
      const falla = texto(nodo(cuerpoSoap?.Fault)?.faultstring);
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
      const respuesta = nodo(nodo(cuerpo.validarComprobanteResponse)?.RespuestaRecepcionComprobante);
      const comprobantes = lista(nodo(respuesta?.comprobantes)?.comprobante);
      const mensajes = comprobantes.flatMap((c) => mensajesDe(nodo(c)?.mensajes));
      // A document the SRI cannot even read (35, ConversionArchivoXMLException) comes back with its error and no estado.
      const estado = texto(respuesta?.estado) ?? (respuesta && mensajes.some((m) => m.tipo === 'ERROR') ? 'DEVUELTA' : null);
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
      const respuesta = nodo(nodo(cuerpo.autorizacionComprobanteResponse)?.RespuestaAutorizacionComprobante);
      if (!respuesta) throw ilegible();
      const autorizaciones = lista(nodo(respuesta.autorizaciones)?.autorizacion).map((a): Autorizacion => {
        const n = nodo(a) ?? {};
        const estado = texto(n.estado);
        if (estado !== 'AUTORIZADO' && estado !== 'NO AUTORIZADO' && estado !== 'EN PROCESO') throw ilegible();
        const fecha = texto(n.fechaAutorizacion);
        const fechaAutorizacion = fecha ? new Date(fecha) : null;
        if (fechaAutorizacion && Number.isNaN(fechaAutorizacion.getTime())) throw ilegible();
        // An AUTORIZADO entry without its number and date is not an authorization we can print.
        if (estado === 'AUTORIZADO' && (!texto(n.numeroAutorizacion) || !fechaAutorizacion)) throw ilegible();
        return {
          estado,
          numeroAutorizacion: texto(n.numeroAutorizacion),
          fechaAutorizacion,
          ambiente: texto(n.ambiente),
          comprobante: texto(n.comprobante),
          mensajes: mensajesDe(n.mensajes),
        };
      });
      return { autorizaciones, decisiva: decisiva(autorizaciones) };
    },
  };
}
