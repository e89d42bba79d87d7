import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { prepararValidador } from '../modules/comprobantes';
import { autorizar } from './autorizacion';
import { ESQUEMAS_RECIBIDOS, recibir } from './recepcion';
import { Registro } from './registro';
import { fault, leerSolicitud, respuestaAutorizacion, respuestaRecepcion } from './soap';
import type { ModoSriLocal, OpcionesSriLocal, SriLocal } from './tipos';

/**
 * The HTTP side of the local SRI: the two services under /comprobantes-electronicos-ws, their WSDLs (copies of the
 * SRI's, with the address rewritten to this server), and the fault modes the tests switch on.
 */

const BASE = '/comprobantes-electronicos-ws';
const SERVICIOS = { RecepcionComprobantesOffline: 'recepcion', AutorizacionComprobantesOffline: 'autorizacion' } as const;
type Servicio = (typeof SERVICIOS)[keyof typeof SERVICIOS];

const WSDL = Object.fromEntries(
  Object.keys(SERVICIOS).map((nombre) => [nombre, readFileSync(path.join(import.meta.dirname, 'wsdl', `${nombre}.wsdl`), 'utf8')]),
);

/** Requests larger than this are refused (the SRI's own limit is far lower, but the tests may send big invoices). */
const MAXIMO_BYTES = 20 * 1024 * 1024;
const TIPO_XML = 'text/xml;charset=UTF-8';

/** A line per call, for the command line (`npm run sri-local`). */
export type Bitacora = (linea: string) => void;

type Falla = { modo: Exclude<ModoSriLocal, 'normal'>; restantes: number; demoraMs: number; servicio?: Servicio };

export async function iniciarServidor(opciones: OpcionesSriLocal = {}, bitacora?: Bitacora): Promise<SriLocal> {
  const registro = new Registro(opciones.demoraAutorizacionMs ?? 0, opciones.ahora ?? (() => new Date()));
  const toleranciaMinutos = opciones.toleranciaMinutos ?? 129_600;
  const latenciaMs = opciones.latenciaMs ?? 0;
  let falla: Falla | undefined;
  let basuras = 0;
  const pendientes = new Set<NodeJS.Timeout>();
  // Loading libxml2 and compiling the schemas is slow (docs/performance.md): done now rather than on the first reception.
  await Promise.all(ESQUEMAS_RECIBIDOS.map((esquema) => prepararValidador(esquema)));

  /** The fault that applies to this call, counted down; undefined: answer normally. */
  function fallaPara(servicio: Servicio): Falla | undefined {
    if (!falla || (falla.servicio && falla.servicio !== servicio)) return undefined;
    const actual = falla;
    if (--actual.restantes <= 0) falla = undefined;
    return actual;
  }

  function responder(res: ServerResponse, status: number, cuerpo: string, demoraMs = latenciaMs) {
    const enviar = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': TIPO_XML, 'content-length': Buffer.byteLength(cuerpo) });
      res.end(cuerpo);
    };
    if (demoraMs <= 0) return enviar();
    const timer = setTimeout(() => {
      pendientes.delete(timer);
      enviar();
    }, demoraMs);
    pendientes.add(timer);
  }

  async function atender(servicio: Servicio, cuerpo: string): Promise<{ status: number; cuerpo: string }> {
    if (servicio === 'recepcion') {
      const solicitud = leerSolicitud(cuerpo, 'validarComprobante');
      if (!solicitud.ok) return { status: 500, cuerpo: fault('Client', solicitud.error) };
      const respuesta = await recibir(solicitud.valor, registro, { toleranciaMinutos });
      bitacora?.(
        respuesta.estado === 'RECIBIDA'
          ? 'Recepción: RECIBIDA'
          : `Recepción ${respuesta.claveAcceso || '(sin clave)'}: DEVUELTA ${respuesta.mensajes.map((m) => `${m.identificador} ${m.mensaje}`).join(', ')}`,
      );
      return { status: 200, cuerpo: respuestaRecepcion(respuesta) };
    }
    const solicitud = leerSolicitud(cuerpo, 'autorizacionComprobante');
    if (!solicitud.ok) return { status: 500, cuerpo: fault('Client', solicitud.error) };
    const clave = (solicitud.valor ?? '').trim();
    const entradas = autorizar(clave, registro);
    bitacora?.(`Autorización ${clave || '(sin clave)'}: ${entradas.map((e) => e.estado).join(', ') || 'no encontrada'}`);
    return { status: 200, cuerpo: respuestaAutorizacion(clave, entradas) };
  }

  async function manejar(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sri-local');
    const nombre = url.pathname.startsWith(`${BASE}/`) ? url.pathname.slice(BASE.length + 1) : '';
    const servicio = Object.hasOwn(SERVICIOS, nombre) ? SERVICIOS[nombre as keyof typeof SERVICIOS] : undefined;
    if (!servicio) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Servicio no encontrado\n');
      return;
    }
    if (req.method === 'GET' && [...url.searchParams.keys()].some((k) => k.toLowerCase() === 'wsdl')) {
      const wsdl = WSDL[nombre]!.replace('http://localhost/comprobantes-electronicos-ws', sri.url);
      responder(res, 200, wsdl);
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST', 'content-type': 'text/plain; charset=utf-8' }).end('Use POST (SOAP) o GET ?wsdl\n');
      return;
    }
    const partes: Buffer[] = [];
    let bytes = 0;
    for await (const parte of req as AsyncIterable<Buffer>) {
      bytes += parte.length;
      if (bytes > MAXIMO_BYTES) {
        res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('Solicitud demasiado grande\n');
        req.destroy();
        return;
      }
      partes.push(parte);
    }
    const cuerpo = Buffer.concat(partes).toString('utf8');
    registro[servicio]++;
    const aplicada = fallaPara(servicio);
    switch (aplicada?.modo) {
      case 'caido':
        bitacora?.(`${servicio}: caído (conexión cortada)`);
        req.socket.destroy();
        return;
      case 'error500':
        bitacora?.(`${servicio}: error 500`);
        responder(res, 500, fault('Server', 'Error interno del servidor del SRI (simulado por el SRI local).'));
        return;
      case 'basura': {
        bitacora?.(`${servicio}: respuesta basura`);
        const truncada = respuestaRecepcion({ estado: 'RECIBIDA' });
        responder(res, 200, basuras++ % 2 === 0 ? 'Service Temporarily Unavailable\n' : truncada.slice(0, Math.floor(truncada.length / 2)));
        return;
      }
    }
    const respuesta = await atender(servicio, cuerpo);
    if (aplicada?.modo === 'lento') bitacora?.(`${servicio}: respuesta demorada ${aplicada.demoraMs} ms`);
    responder(res, respuesta.status, respuesta.cuerpo, aplicada?.modo === 'lento' ? aplicada.demoraMs : latenciaMs);
  }

  const server = createServer((req, res) => {
    manejar(req, res).catch((error: unknown) => {
      console.error('SRI local:', error);
      if (!res.headersSent) responder(res, 500, fault('Server', `Error del SRI local: ${(error as Error).message}`));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 60_000;
  const host = opciones.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opciones.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const visible = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  const sri: SriLocal = {
    url: `http://${visible}:${port}${BASE}`,
    modo(modo, { veces, demoraMs, servicio } = {}) {
      falla =
        modo === 'normal'
          ? undefined
          : { modo, restantes: veces ?? Number.POSITIVE_INFINITY, demoraMs: demoraMs ?? 30_000, servicio: servicio };
    },
    programar(claveAcceso, autorizaciones) {
      registro.programadas.set(
        claveAcceso,
        autorizaciones.map((a) => ({ ...a })),
      );
    },
    demora(ms) {
      registro.demoraMs = ms;
    },
    estadisticas: () => registro.estadisticas(),
    close: async () => {
      for (const timer of pendientes) clearTimeout(timer);
      pendientes.clear();
      const cerrado = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await cerrado;
    },
  };
  return sri;
}
