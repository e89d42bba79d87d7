import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A webhook receiver as an integrator writes one: a plain node:http server that checks each request's signature with
 * its own few lines of node:crypto (never Amelia's code), records every request, and answers as it is told: 200, any
 * status, `colgar` (never answers: the sender's timeout ends it), or `retener` (holds it until `soltarRetenidas`).
 */
export type Respuesta = number | 'colgar' | 'retener';

export type Recibida = {
  ruta: string;
  entrega: string;
  evento: string;
  firma: string;
  /** Its own check: HMAC-SHA256(secret, "<t>.<raw body>") in hex equals v1, and t is within 5 minutes. */
  firmaValida: boolean;
  crudo: string;
  cuerpo: {
    id: string;
    evento: string;
    creado: string;
    empresa: { ruc: string; nombre: string };
    comprobante: Record<string, unknown> | null;
  };
  cabeceras: http.IncomingHttpHeaders;
  /** The status it answered (undefined while held or when the sender gave up first). */
  respondio?: number;
};

/** The receiver's own verification, as docs/integraciones.md tells an integrator to write it. */
export function verificarFirma(secreto: string, cabecera: string, crudo: string, ahora = Date.now()): boolean {
  const partes = Object.fromEntries(cabecera.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(partes.t);
  if (!Number.isInteger(t) || !partes.v1 || Math.abs(ahora / 1000 - t) > 300) return false;
  const esperado = createHmac('sha256', secreto).update(`${partes.t}.${crudo}`).digest();
  const dado = Buffer.from(partes.v1, 'hex');
  return dado.length === esperado.length && timingSafeEqual(dado, esperado);
}

export async function iniciarReceptor() {
  const recibidas: Recibida[] = [];
  const secretos = new Map<string, string>();
  const programadas = new Map<string, Respuesta[]>();
  const porDefecto = new Map<string, Respuesta>();
  const retenidas = new Set<{ res: http.ServerResponse; r: Recibida }>();

  const responder = (res: http.ServerResponse, r: Recibida, estado: number) => {
    if (res.destroyed || res.writableEnded) return;
    res.on('finish', () => {
      r.respondio = estado;
    });
    res.writeHead(estado, { 'content-type': 'text/plain' }).end(estado < 300 ? 'ok' : 'no');
  };

  const server = http.createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      const ruta = req.url ?? '/';
      const crudo = Buffer.concat(partes).toString('utf8');
      const firma = String(req.headers['amelia-signature'] ?? '');
      const r: Recibida = {
        ruta,
        entrega: String(req.headers['amelia-delivery'] ?? ''),
        evento: String(req.headers['amelia-event'] ?? ''),
        firma,
        firmaValida: secretos.has(ruta) && verificarFirma(secretos.get(ruta)!, firma, crudo),
        crudo,
        cuerpo: JSON.parse(crudo || 'null'),
        cabeceras: req.headers,
      };
      recibidas.push(r);
      const respuesta = programadas.get(ruta)?.shift() ?? porDefecto.get(ruta) ?? 200;
      if (respuesta === 'colgar') return;
      if (respuesta === 'retener') {
        const retenida = { res, r };
        retenidas.add(retenida);
        res.on('close', () => retenidas.delete(retenida));
        return;
      }
      responder(res, r, respuesta);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    recibidas,
    /** The URL of `ruta` on this receiver, checking signatures with `secreto` (set it again after a rotation). */
    url: (ruta: string) => `${base}${ruta}`,
    secreto(ruta: string, secreto: string) {
      secretos.set(ruta, secreto);
    },
    /** What the next requests to `ruta` get, in order; then `siempre` (default 200). */
    programar(ruta: string, respuestas: Respuesta[], siempre?: Respuesta) {
      programadas.set(ruta, [...respuestas]);
      if (siempre !== undefined) porDefecto.set(ruta, siempre);
    },
    de: (ruta: string) => recibidas.filter((r) => r.ruta === ruta),
    /** Answers `estado` to every held request still open. */
    soltarRetenidas(estado = 200) {
      for (const { res, r } of retenidas) responder(res, r, estado);
      retenidas.clear();
    },
    /** Polls until `listo` holds; past `ms`, throws with what was received. */
    async esperar(listo: (recibidas: Recibida[]) => boolean, ms = 10_000) {
      const hasta = Date.now() + ms;
      while (!listo(recibidas)) {
        if (Date.now() > hasta)
          throw new Error(
            `El receptor no recibió lo esperado: ${JSON.stringify(recibidas.map((r) => [r.ruta, r.evento, r.entrega, r.respondio]))}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return recibidas;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type Receptor = Awaited<ReturnType<typeof iniciarReceptor>>;
