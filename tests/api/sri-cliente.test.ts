import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearClienteSri, SriNoDisponible, type ClienteSri } from '../../server/modules/comprobantes/sri/cliente';

/**
 * The SRI client against answers written as the SRI writes them (other prefixes, one message or several, the document
 * in CDATA or escaped, nothing yet), served over real HTTP by a server that answers whatever the test sets.
 */
const CLAVE = '2211202601179206034600110010010000000011234567818';
let respuesta: { status: number; body: string; demoraMs?: number } = { status: 200, body: '' };
let recibido = '';
let servidor: http.Server;
let sri: ClienteSri;

beforeAll(async () => {
  servidor = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      recibido = body;
      const { status, body: cuerpo, demoraMs = 0 } = respuesta;
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(status, { 'Content-Type': 'text/xml; charset=utf-8' }).end(cuerpo);
      }, demoraMs);
    });
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/ws`;
  sri = crearClienteSri({ urls: { '1': url, '2': url }, timeoutMs: 1_000 });
});
afterAll(() => new Promise<void>((resolve) => servidor.close(() => resolve())));

const sobre = (cuerpo: string) =>
  `<?xml version="1.0" ?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>${cuerpo}</S:Body></S:Envelope>`;
const autorizacion = (contenido: string) =>
  sobre(
    `<ns2:autorizacionComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.autorizacion"><RespuestaAutorizacionComprobante><claveAccesoConsultada>${CLAVE}</claveAccesoConsultada>${contenido}</RespuestaAutorizacionComprobante></ns2:autorizacionComprobanteResponse>`,
  );

/** An answer as the SRI wrote it (tests/fixtures/sri, each with its source in the README beside it). */
const real = (archivo: string) => readFileSync(new URL(`../fixtures/sri/${archivo}`, import.meta.url), 'utf8');

describe('cliente del SRI: respuestas reales, byte por byte', () => {
  it('reception: RECIBIDA; DEVUELTA 35 with what the SRI found; 43, which the queue takes as "it already holds it"', async () => {
    respuesta = { status: 200, body: real('recepcion-recibida.xml') };
    expect(await sri.validarComprobante('1', '<factura/>')).toEqual({ estado: 'RECIBIDA', mensajes: [] });
    respuesta = { status: 200, body: real('recepcion-devuelta-35.xml') };
    expect(await sri.validarComprobante('1', '<factura/>')).toEqual({
      estado: 'DEVUELTA',
      mensajes: [
        {
          identificador: '35',
          mensaje: 'ARCHIVO NO CUMPLE ESTRUCTURA XML',
          informacionAdicional:
            'Se encontró el siguiente error en la estructura del comprobante: No se ha encontrado información en el tag claveAcceso.',
          tipo: 'ERROR',
        },
      ],
    });
    respuesta = { status: 200, body: real('recepcion-devuelta-43.xml') };
    expect(await sri.validarComprobante('1', '<factura/>')).toEqual({
      estado: 'DEVUELTA',
      mensajes: [{ identificador: '43', mensaje: 'CLAVE ACCESO REGISTRADA', informacionAdicional: null, tipo: 'ERROR' }],
    });
  });

  it('a document the SRI cannot read comes back without <estado>, only its error: DEVUELTA, not "SRI unavailable" for ever', async () => {
    respuesta = { status: 200, body: real('recepcion-sin-estado.xml') };
    expect(await sri.validarComprobante('1', '<factura/>')).toEqual({
      estado: 'DEVUELTA',
      mensajes: [
        {
          identificador: '35',
          mensaje: 'ARCHIVO NO CUMPLE ESTRUCTURA XML',
          informacionAdicional:
            'ec.gob.sri.comprobantes.electronicos.api.excepcion.ConversionArchivoXMLException: Error al convertir el archivo xml',
          tipo: 'ERROR',
        },
      ],
    });
  });

  it('authorization: nothing about the key (numeroComprobantes 0) decides nothing', async () => {
    respuesta = { status: 200, body: real('autorizacion-sin-comprobantes.xml') };
    expect(await sri.autorizacionComprobante('1', CLAVE)).toEqual({ autorizaciones: [], decisiva: null });
  });

  it('authorization: NO AUTORIZADO with its message and the document it refused, in CDATA', async () => {
    respuesta = { status: 200, body: real('autorizacion-no-autorizado.xml') };
    const { decisiva, autorizaciones } = await sri.autorizacionComprobante('1', CLAVE);
    expect(autorizaciones).toHaveLength(1);
    expect(decisiva).toMatchObject({
      estado: 'NO AUTORIZADO',
      numeroAutorizacion: null,
      ambiente: 'PRUEBAS',
      mensajes: [
        {
          identificador: '39',
          mensaje: 'FIRMA INVALIDA',
          informacionAdicional: 'La validacion de la cadena de confianza ha fallado',
          tipo: 'ERROR',
        },
      ],
    });
    expect(decisiva!.fechaAutorizacion!.toISOString()).toBe('2026-09-16T12:50:56.000Z');
    expect(decisiva!.comprobante).toBe('<?xml version="1.0" encoding="UTF-8"?><factura id="comprobante" version="1.1.0"></factura>');
  });

  it('authorization: AUTORIZADO indented, with CDATA and <mensajes />; and AUTORIZADO of 2015 with the document escaped and milliseconds', async () => {
    respuesta = { status: 200, body: real('autorizacion-autorizado.xml') };
    const pruebas = (await sri.autorizacionComprobante('1', CLAVE)).decisiva!;
    expect(pruebas).toMatchObject({
      estado: 'AUTORIZADO',
      numeroAutorizacion: '0502202401159198472200125920040000885468154978913',
      ambiente: 'PRUEBAS',
      mensajes: [],
    });
    expect(pruebas.fechaAutorizacion!.toISOString()).toBe('2024-02-06T14:18:53.000Z');
    expect(pruebas.comprobante).toBe(' COMPROBANTE ');

    respuesta = { status: 200, body: real('autorizacion-autorizado-escapado.xml') };
    const produccion = (await sri.autorizacionComprobante('2', CLAVE)).decisiva!;
    expect(produccion).toMatchObject({
      estado: 'AUTORIZADO',
      numeroAutorizacion: '0706201512424111900022130016097370826',
      ambiente: 'PRODUCCION',
      mensajes: [],
    });
    expect(produccion.fechaAutorizacion!.toISOString()).toBe('2015-06-07T17:42:41.700Z');
    expect(produccion.comprobante).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<factura id="comprobante" version="1.1.0">/);
    expect(produccion.comprobante).toContain('<claveAcceso>3105201501119000221300120010260000866211234567814</claveAcceso>');
    expect(produccion.comprobante).toMatch(/<\/ds:Signature><\/factura>$/);
  });
});

describe('cliente del SRI: las formas de sus respuestas', () => {
  it('sends the signed XML in base64 inside validarComprobante, and reads RECIBIDA with no messages', async () => {
    respuesta = {
      status: 200,
      body: sobre(
        '<ns2:validarComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.recepcion"><RespuestaRecepcionComprobante><estado>RECIBIDA</estado><comprobantes/></RespuestaRecepcionComprobante></ns2:validarComprobanteResponse>',
      ),
    };
    expect(await sri.validarComprobante('1', '<factura id="comprobante">ñ</factura>')).toEqual({ estado: 'RECIBIDA', mensajes: [] });
    const base64 = /<xml>([^<]+)<\/xml>/.exec(recibido)![1]!;
    expect(Buffer.from(base64, 'base64').toString('utf8')).toBe('<factura id="comprobante">ñ</factura>');
    expect(recibido).toContain('<ec:validarComprobante>');
  });

  it('reads DEVUELTA with one message and with several, escaped text included', async () => {
    const mensaje = (id: string, texto: string, adicional?: string) =>
      `<mensaje><identificador>${id}</identificador><mensaje>${texto}</mensaje>${adicional ? `<informacionAdicional>${adicional}</informacionAdicional>` : ''}<tipo>ERROR</tipo></mensaje>`;
    const devuelta = (mensajes: string) =>
      sobre(
        `<ns2:validarComprobanteResponse xmlns:ns2="http://ec.gob.sri.ws.recepcion"><RespuestaRecepcionComprobante><estado>DEVUELTA</estado><comprobantes><comprobante><claveAcceso>${CLAVE}</claveAcceso><mensajes>${mensajes}</mensajes></comprobante></comprobantes></RespuestaRecepcionComprobante></ns2:validarComprobanteResponse>`,
      );
    respuesta = { status: 200, body: devuelta(mensaje('65', 'FECHA EMISIÓN EXTEMPORANEA', 'fuera de rango &lt;129600&gt;')) };
    expect(await sri.validarComprobante('1', '<factura/>')).toEqual({
      estado: 'DEVUELTA',
      mensajes: [
        { identificador: '65', mensaje: 'FECHA EMISIÓN EXTEMPORANEA', informacionAdicional: 'fuera de rango <129600>', tipo: 'ERROR' },
      ],
    });
    respuesta = { status: 200, body: devuelta(mensaje('35', 'ARCHIVO NO CUMPLE ESTRUCTURA XML') + mensaje('39', 'FIRMA INVALIDA')) };
    const dos = await sri.validarComprobante('1', '<factura/>');
    expect(dos.mensajes.map((m) => [m.identificador, m.mensaje, m.informacionAdicional])).toEqual([
      ['35', 'ARCHIVO NO CUMPLE ESTRUCTURA XML', null],
      ['39', 'FIRMA INVALIDA', null],
    ]);
  });

  it('reads AUTORIZADO with the document in CDATA or escaped, and its date', async () => {
    const entrada = (comprobante: string) =>
      `<numeroComprobantes>1</numeroComprobantes><autorizaciones><autorizacion><estado>AUTORIZADO</estado><numeroAutorizacion>${CLAVE}</numeroAutorizacion><fechaAutorizacion>2026-11-22T10:15:30.123-05:00</fechaAutorizacion><ambiente>PRUEBAS</ambiente><comprobante>${comprobante}</comprobante><mensajes/></autorizacion></autorizaciones>`;
    for (const comprobante of [
      '<![CDATA[<factura id="comprobante">x &amp; y</factura>]]>',
      '&lt;factura id="comprobante"&gt;x &amp;amp; y&lt;/factura&gt;',
    ]) {
      respuesta = { status: 200, body: autorizacion(entrada(comprobante)) };
      const { decisiva, autorizaciones } = await sri.autorizacionComprobante('1', CLAVE);
      expect(autorizaciones).toHaveLength(1);
      expect(decisiva).toMatchObject({ estado: 'AUTORIZADO', numeroAutorizacion: CLAVE, ambiente: 'PRUEBAS', mensajes: [] });
      expect(decisiva!.fechaAutorizacion!.toISOString()).toBe('2026-11-22T15:15:30.123Z');
      expect(decisiva!.comprobante).toBe('<factura id="comprobante">x &amp; y</factura>');
    }
    expect(recibido).toContain(`<claveAccesoComprobante>${CLAVE}</claveAccesoComprobante>`);
  });

  it('nothing yet (0 entries) decides nothing; NO AUTORIZADO with its messages decides; AUTORIZADO wins among several', async () => {
    respuesta = { status: 200, body: autorizacion('<numeroComprobantes>0</numeroComprobantes><autorizaciones/>') };
    expect(await sri.autorizacionComprobante('1', CLAVE)).toEqual({ autorizaciones: [], decisiva: null });
    const no = `<autorizacion><estado>NO AUTORIZADO</estado><fechaAutorizacion>2026-11-22T10:00:00-05:00</fechaAutorizacion><ambiente>PRUEBAS</ambiente><mensajes><mensaje><identificador>52</identificador><mensaje>ERROR EN DIFERENCIAS</mensaje><tipo>ERROR</tipo></mensaje></mensajes></autorizacion>`;
    const si = `<autorizacion><estado>AUTORIZADO</estado><numeroAutorizacion>${CLAVE}</numeroAutorizacion><fechaAutorizacion>2026-11-22T10:05:00-05:00</fechaAutorizacion><ambiente>PRUEBAS</ambiente><comprobante/><mensajes/></autorizacion>`;
    respuesta = { status: 200, body: autorizacion(`<numeroComprobantes>1</numeroComprobantes><autorizaciones>${no}</autorizaciones>`) };
    const rechazo = await sri.autorizacionComprobante('1', CLAVE);
    expect(rechazo.decisiva).toMatchObject({ estado: 'NO AUTORIZADO', numeroAutorizacion: null, mensajes: [{ identificador: '52' }] });
    respuesta = {
      status: 200,
      body: autorizacion(`<numeroComprobantes>3</numeroComprobantes><autorizaciones>${no}${si}${no}</autorizaciones>`),
    };
    const varias = await sri.autorizacionComprobante('1', CLAVE);
    expect(varias.autorizaciones.map((a) => a.estado)).toEqual(['NO AUTORIZADO', 'AUTORIZADO', 'NO AUTORIZADO']);
    expect(varias.decisiva?.estado).toBe('AUTORIZADO');
  });

  it('anything else is "SRI no disponible", never a verdict: a SOAP Fault, an unknown state, an AUTORIZADO without its number, HTML', async () => {
    const casos: Array<[number, string, string]> = [
      [500, sobre('<S:Fault><faultcode>S:Server</faultcode><faultstring>Error interno</faultstring></S:Fault>'), 'HTTP 500: Error interno'],
      [
        200,
        autorizacion('<autorizaciones><autorizacion><estado>PENDIENTE</estado></autorizacion></autorizaciones>'),
        'no es una respuesta válida',
      ],
      [
        200,
        autorizacion('<autorizaciones><autorizacion><estado>AUTORIZADO</estado></autorizacion></autorizaciones>'),
        'no es una respuesta válida',
      ],
      [200, '<html><body>Servicio en mantenimiento</body></html>', 'no es una respuesta válida'],
      [503, 'Service Unavailable', 'HTTP 503'],
    ];
    for (const [status, body, motivo] of casos) {
      respuesta = { status, body };
      const error = await sri.autorizacionComprobante('1', CLAVE).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SriNoDisponible);
      expect((error as Error).message).toContain(motivo);
    }
  });

  it('gives up after its time limit, also when the server is stopping and memory is collected meanwhile', async () => {
    // Node 20's AbortSignal.any could lose its timeout to a garbage collection: the call then waited for the SRI.
    v8.setFlagsFromString('--expose_gc');
    const gc = runInNewContext('gc') as () => void;
    respuesta = { status: 200, body: autorizacion('<numeroComprobantes>0</numeroComprobantes><autorizaciones/>'), demoraMs: 10_000 };
    const parar = new AbortController();
    const inicio = Date.now();
    const llamada = sri.autorizacionComprobante('1', CLAVE, parar.signal).catch((e: unknown) => e);
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      gc();
    }
    // The collections take longer in a worker whose heap is large; the limit counts from when they let the timer run.
    const colecciones = Date.now() - inicio;
    const error = await llamada;
    expect(error).toBeInstanceOf(SriNoDisponible);
    expect((error as Error).message).toBe('El SRI no respondió en 1 s.');
    // A lost timeout waits for the SRI's answer, 10 s later.
    expect(Date.now() - inicio).toBeLessThan(Math.max(1_000, colecciones) + 1_500);
  });

  it('ends at once when the server stops during the call, and when it had stopped before', async () => {
    respuesta = { status: 200, body: autorizacion('<numeroComprobantes>0</numeroComprobantes><autorizaciones/>'), demoraMs: 3_000 };
    const parar = new AbortController();
    const llamada = sri.autorizacionComprobante('1', CLAVE, parar.signal).catch((e: unknown) => e);
    setTimeout(() => parar.abort(), 50);
    const error = await llamada;
    expect((error as Error).message).toBe('El servidor se detuvo durante la consulta al SRI; se reintentará.');
    const despues = await sri.autorizacionComprobante('1', CLAVE, parar.signal).catch((e: unknown) => e);
    expect((despues as Error).message).toBe('El servidor se detuvo durante la consulta al SRI; se reintentará.');
    respuesta = { status: 200, body: '' };
  });
});
