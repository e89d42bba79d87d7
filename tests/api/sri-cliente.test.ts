import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearClienteSri, SriNoDisponible, type ClienteSri } from '../../server/modules/facturas/sri/cliente';

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
    respuesta = { status: 200, body: autorizacion('<numeroComprobantes>0</numeroComprobantes><autorizaciones/>'), demoraMs: 3_000 };
    const parar = new AbortController();
    const inicio = Date.now();
    const llamada = sri.autorizacionComprobante('1', CLAVE, parar.signal).catch((e: unknown) => e);
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      gc();
    }
    const error = await llamada;
    expect(error).toBeInstanceOf(SriNoDisponible);
    expect((error as Error).message).toBe('El SRI no respondió en 1 s.');
    expect(Date.now() - inicio).toBeLessThan(2_500);
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
