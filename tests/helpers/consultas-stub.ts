import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stand-ins for the clients' external lookups (server/infra/consultas.ts, README "Consultas de clientes"), each a real
 * HTTP server on 127.0.0.1 (random port) answering `GET /<path>/<identificación>` as the real services do.
 *
 * Modes, switchable at any time:
 * - up: the answer registered for the identification (200 JSON), 404 `{ mensaje }` for any other;
 * - down: nothing listens on the port (connection refused); the same port listens again when the mode changes;
 * - slow: accepts the request and never answers (the app's CONSULTAS_TIMEOUT_MS decides);
 * - error: 500 with a JSON error;
 * - html: 200 with an HTML maintenance page;
 * - wrongJson: 200 with JSON of another shape;
 * - dropped: the connection is closed without an answer.
 */
export type StubMode = 'up' | 'down' | 'slow' | 'error' | 'html' | 'wrongJson' | 'dropped';

/** The SRI's consolidated-taxpayer record (sri-catastro-sujeto-servicio-internet, ConsolidadoContribuyente). */
export function sriTaxpayer(ruc: string, overrides: Record<string, unknown> = {}) {
  return {
    numeroRuc: ruc,
    razonSocial: 'DISTRIBUIDORA DEL LITORAL DISLIT S.A.',
    nombreComercial: 'DISLIT',
    estadoContribuyenteRuc: 'ACTIVO',
    actividadEconomicaPrincipal: 'VENTA AL POR MAYOR DE PRODUCTOS ALIMENTICIOS',
    tipoContribuyente: 'SOCIEDAD',
    regimen: 'GENERAL',
    obligadoLlevarContabilidad: 'SI',
    agenteRetencion: 'NO',
    contribuyenteEspecial: 'NO',
    informacionFechasContribuyente: {
      fechaInicioActividades: '2012-05-14 00:00:00.0',
      fechaCese: '',
      fechaReinicioActividades: '',
      fechaActualizacion: '2024-02-01 10:12:40.0',
    },
    contribuyenteFantasma: 'NO',
    transaccionesInexistente: 'NO',
    email: 'facturacion@dislit.ec',
    telefono: '042-345678',
    establecimientos: [
      {
        numeroEstablecimiento: '001',
        matriz: 'SI',
        estado: 'ABIERTO',
        direccionCompleta: 'GUAYAS / GUAYAQUIL / TARQUI / AV. JUAN TANCA MARENGO KM 2',
      },
    ],
    ...overrides,
  };
}

/** A cédula service's answer (names as the civil registry writes them). */
export function cedulaPerson(cedula: string, overrides: Record<string, unknown> = {}) {
  return {
    identificacion: cedula,
    nombre: 'PEREZ LOPEZ JUAN CARLOS',
    direccion: 'PICHINCHA / QUITO / IÑAQUITO / AV. AMAZONAS N35-17',
    correo: 'jcperez@correo.ec',
    celular: '0991234567',
    ...overrides,
  };
}

/**
 * One lookup service. `answers` maps an identification to the JSON body it answers with 200 (an empty array or object
 * is how some services say "not found"); any other identification gets 404. `requests` lists every path asked.
 */
export async function startLookupStub(path: string, answers: Record<string, unknown> = {}) {
  const known = new Map<string, unknown>(Object.entries(answers));
  const requests: string[] = [];
  let mode: StubMode = 'up';
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const id = decodeURIComponent((req.url ?? '').split('?')[0].split('/').pop() ?? '');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    switch (mode) {
      case 'slow':
        return undefined;
      case 'dropped':
        return req.socket.destroy();
      case 'error':
        return json(500, { mensaje: 'Error interno del servidor' });
      case 'html':
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>Sitio en mantenimiento</h1></body></html>');
      case 'wrongJson':
        return json(200, { status: 'ok', data: 'Servicio en mantenimiento' });
      default:
        if (!(req.url ?? '').startsWith(`/${path}/`) || !known.has(id))
          return json(404, { mensaje: 'No existe información para la identificación consultada' });
        return json(200, known.get(id));
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${path}`,
    requests,
    /** Registers (or replaces) the answer for an identification. */
    answer(id: string, body: unknown) {
      known.set(id, body);
    },
    /** How many requests asked for this identification. */
    asked: (id: string) => requests.filter((url) => url.endsWith(`/${id}`)).length,
    async setMode(next: StubMode) {
      if (next === 'down') await stop();
      else if (!server.listening) await listen(port);
      mode = next;
    },
    close: stop,
  };
}

/**
 * Every lookup of the clients book at once: two RUC services, the cédula service and the five flag services, with
 * the config.consultas that points the app at them (CONSULTAS_TIMEOUT_MS small, so "slow" is quick to prove).
 */
export async function startConsultasStubs(options: { timeoutMs?: number; cacheSegundos?: number } = {}) {
  const [ruc1, ruc2, cedula, fantasma, especial, agenteRetencion, rimpe, catastro] = await Promise.all([
    startLookupStub('ruc1/contribuyentes'),
    startLookupStub('ruc2/api/ruc'),
    startLookupStub('cedula/personas'),
    startLookupStub('fantasma'),
    startLookupStub('especiales'),
    startLookupStub('agentes'),
    startLookupStub('rimpe'),
    startLookupStub('catastro'),
  ]);
  const all = [ruc1, ruc2, cedula, fantasma, especial, agenteRetencion, rimpe, catastro];
  return {
    ruc1,
    ruc2,
    cedula,
    banderas: { fantasma, especial, agenteRetencion, rimpe, catastro },
    config: {
      rucUrls: [ruc1.url, ruc2.url],
      cedulaUrl: cedula.url,
      banderas: {
        fantasma: fantasma.url,
        especial: especial.url,
        agenteRetencion: agenteRetencion.url,
        rimpe: rimpe.url,
        catastro: catastro.url,
      },
      cacheSegundos: options.cacheSegundos ?? 3600,
      timeoutMs: options.timeoutMs ?? 300,
    },
    /** Every service back up. */
    reset: () => Promise.all(all.map((stub) => stub.setMode('up'))),
    /** Requests made so far to any of them. */
    total: () => all.reduce((sum, stub) => sum + stub.requests.length, 0),
    close: () => Promise.all(all.map((stub) => stub.close())),
  };
}
