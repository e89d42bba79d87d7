/**
 * One HTTP delivery: the body exactly as stored, signed (Amelia-Signature `t=<unix s>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">`), POSTed within the timeout, redirects not followed. The host is resolved here and a private, loopback
 * or link-local address is refused (unless redesPrivadas): the address checked is the one connected to, so a name
 * that resolves differently a second time cannot slip past the check.
 */
import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net from 'node:net';
import { createHmac } from 'node:crypto';
import { CABECERA_ENTREGA, CABECERA_EVENTO, CABECERA_FIRMA } from '../../../domain/integraciones';
import { WEBHOOKS_MSG } from './contract';

export type Intento = { fecha: string; codigo: number | null; error: string | null; ms: number };
export type Envio = { url: string; secreto: string; cuerpo: string; evento: string; entrega: number };
export type OpcionesEnvio = { timeoutMs: number; redesPrivadas: boolean; parar?: AbortSignal };

/** The signature header's value for `cuerpo` at `t` (unix seconds). */
export function firmar(secreto: string, cuerpo: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secreto).update(`${t}.${cuerpo}`).digest('hex')}`;
}

const PRIVADAS = new net.BlockList();
for (const [red, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVADAS.addSubnet(red, bits, 'ipv4');
for (const [red, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVADAS.addSubnet(red, bits, 'ipv6');

/** Loopback, private, shared, link-local or unique-local (an IPv4 inside IPv6 is judged as IPv4). */
export function esPrivada(direccion: string): boolean {
  const mapeada = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(direccion);
  if (mapeada) return PRIVADAS.check(mapeada[1], 'ipv4');
  const familia = net.isIP(direccion);
  if (familia === 0) return true;
  return PRIVADAS.check(direccion, familia === 4 ? 'ipv4' : 'ipv6');
}

class UrlPrivada extends Error {
  constructor() {
    super(WEBHOOKS_MSG.urlPrivada);
  }
}

/** dns.lookup that refuses a private address: what the socket connects to is what was checked. */
const lookupPublico: net.LookupFunction = (host, opciones, callback) => {
  dns.lookup(host, { ...opciones, all: true }, (error, direcciones) => {
    if (error) return callback(error, '', 0);
    const lista = direcciones as dns.LookupAddress[];
    if (lista.length === 0 || lista.some((d) => esPrivada(d.address))) return callback(new UrlPrivada(), '', 0);
    if (opciones.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, lista);
    callback(null, lista[0].address, lista[0].family);
  });
};

/** POSTs one delivery; never throws: the attempt says what happened (codigo null when the receiver did not answer). */
export async function entregar(envio: Envio, opciones: OpcionesEnvio): Promise<Intento & { ok: boolean }> {
  const inicio = Date.now();
  const fin = (codigo: number | null, error: string | null) => ({
    ok: codigo !== null && codigo >= 200 && codigo < 300,
    fecha: new Date().toISOString(),
    codigo,
    error,
    ms: Date.now() - inicio,
  });
  let url: URL;
  try {
    url = new URL(envio.url);
  } catch {
    return fin(null, WEBHOOKS_MSG.urlInvalida);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!opciones.redesPrivadas && net.isIP(host) && esPrivada(host)) return fin(null, WEBHOOKS_MSG.urlPrivada);
  const cuerpo = Buffer.from(envio.cuerpo, 'utf8');
  return new Promise((resolve) => {
    const cliente = url.protocol === 'https:' ? https : http;
    const peticion = cliente.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': cuerpo.length,
          'user-agent': 'Amelia-Webhooks/1',
          [CABECERA_FIRMA]: firmar(envio.secreto, envio.cuerpo),
          [CABECERA_EVENTO]: envio.evento,
          [CABECERA_ENTREGA]: String(envio.entrega),
        },
        signal: opciones.parar,
        ...(opciones.redesPrivadas ? {} : { lookup: lookupPublico }),
      },
      (respuesta) => {
        const codigo = respuesta.statusCode ?? null;
        // The answer's body is not kept: read and dropped, so that the socket is freed.
        respuesta.resume();
        respuesta.on('end', () => {
          clearTimeout(reloj);
          if (codigo !== null && codigo >= 300 && codigo < 400) resolve(fin(codigo, `Redirección no seguida (HTTP ${codigo})`));
          else resolve(fin(codigo, codigo !== null && codigo >= 200 && codigo < 300 ? null : `HTTP ${codigo}`));
        });
        respuesta.on('error', (error) => {
          clearTimeout(reloj);
          resolve(fin(codigo, error.message));
        });
      },
    );
    const reloj = setTimeout(() => peticion.destroy(new Error(`El receptor no respondió en ${opciones.timeoutMs} ms`)), opciones.timeoutMs);
    peticion.on('error', (error) => {
      clearTimeout(reloj);
      resolve(fin(null, error instanceof UrlPrivada || error.cause instanceof UrlPrivada ? WEBHOOKS_MSG.urlPrivada : error.message));
    });
    peticion.end(cuerpo);
  });
}
