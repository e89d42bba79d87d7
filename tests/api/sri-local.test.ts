import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { XMLValidator } from 'fast-xml-parser';
import { SignedXml } from 'xml-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarSriLocal, type SriLocal } from '../../server/sri-local';
import { abrirCertificado, type Certificado } from '../../server/modules/firmas/certificado';
import { firmarXml } from '../../server/modules/comprobantes/xades';
import { facturaXml } from '../../server/modules/facturas/xml';
import { generarClaveAcceso } from '../../domain/comprobantes/clave-acceso';
import { CLAVE_P12, crearCertificadosPrueba, type CertificadosPrueba } from '../helpers/certificados';
import { comprobanteEjemplo } from '../helpers/comprobante-ejemplo';

/**
 * The local SRI over real HTTP, as the SRI client and a developer's Amelia talk to it: SOAP requests by fetch, every
 * reason a document comes back DEVUELTA, the authorization's answers, the fault modes, and the answers checked by
 * xmllint against the schema embedded in the WSDL the server itself publishes.
 */

const DELAY = 5_000;
const RUC = '1792060346001';
let certs: CertificadosPrueba;
let certificado: Certificado;
let sri: SriLocal;
/** The server's clock: the tests move it instead of waiting. */
let ahora = new Date();
let dir: string;
const esquemas: Partial<Record<'recepcion' | 'autorizacion', string>> = {};
let secuencial = 100;

beforeAll(async () => {
  certs = crearCertificadosPrueba();
  certificado = abrirCertificado(certs.legacy, CLAVE_P12);
  dir = mkdtempSync(join(tmpdir(), 'amelia-sri-local-'));
  sri = await iniciarSriLocal({ demoraAutorizacionMs: DELAY, ahora: () => ahora });
});
afterAll(async () => {
  await sri?.close();
  certs?.limpiar();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** dd/mm/aaaa of Ecuador's calendar (UTC−5), `dias` days from the server's now. */
function fecha(dias = 0): string {
  const [aaaa, mm, dd] = new Date(ahora.getTime() - 5 * 3_600_000 + dias * 86_400_000).toISOString().slice(0, 10).split('-');
  return `${dd}/${mm}/${aaaa}`;
}

type Opciones = { secuencial?: number; fechaEmision?: string; ambiente?: '1' | '2'; clave?: (correcta: string) => string };

/** The sample invoice with a new sequential number (unless given), dated today, its key computed for it; unsigned. */
function factura(o: Opciones = {}): { xml: string; clave: string } {
  const c = comprobanteEjemplo();
  const fechaEmision = o.fechaEmision ?? fecha();
  const info = c.infoTributaria;
  info.secuencial = String(o.secuencial ?? ++secuencial).padStart(9, '0');
  info.ambiente = o.ambiente ?? '1';
  c.infoFactura.fechaEmision = fechaEmision;
  const correcta = generarClaveAcceso({ ...info, fechaEmision, codDoc: '01' });
  info.claveAcceso = o.clave ? o.clave(correcta) : correcta;
  return { xml: facturaXml(c), clave: info.claveAcceso };
}

/** Signed at the real time (the certificate was made moments ago): the server's clock only runs ahead of it. */
const firmar = (xml: string) => firmarXml(xml, certificado);

function firmada(o: Opciones = {}) {
  const { xml, clave } = factura(o);
  return { xml: firmar(xml), clave };
}

const ENVELOPE = 'http://schemas.xmlsoap.org/soap/envelope/';
const sobre = (ns: string, cuerpo: string) =>
  `<soapenv:Envelope xmlns:soapenv="${ENVELOPE}" xmlns:ec="${ns}"><soapenv:Header/><soapenv:Body>${cuerpo}</soapenv:Body></soapenv:Envelope>`;
const pedidoRecepcion = (base64: string | null) =>
  sobre(
    'http://ec.gob.sri.ws.recepcion',
    `<ec:validarComprobante>${base64 === null ? '' : `<xml>${base64}</xml>`}</ec:validarComprobante>`,
  );
const pedidoAutorizacion = (clave: string) =>
  sobre(
    'http://ec.gob.sri.ws.autorizacion',
    `<ec:autorizacionComprobante><claveAccesoComprobante>${clave}</claveAccesoComprobante></ec:autorizacionComprobante>`,
  );

function post(servicio: 'RecepcionComprobantesOffline' | 'AutorizacionComprobantesOffline', cuerpo: string, signal?: AbortSignal) {
  return fetch(`${sri.url}/${servicio}`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body: cuerpo, signal });
}

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const elementos = (padre: Document | Element, nombre: string) => Array.from(padre.getElementsByTagName(nombre));
const textoDe = (padre: Document | Element, nombre: string) => elementos(padre, nombre)[0]?.textContent ?? undefined;

/** The Body's child written alone, validated by xmllint against the xs:schema of the service's WSDL. */
async function validarContraWsdl(servicio: 'recepcion' | 'autorizacion', respuesta: string) {
  let esquema = esquemas[servicio];
  if (!esquema) {
    const nombre = servicio === 'recepcion' ? 'RecepcionComprobantesOffline' : 'AutorizacionComprobantesOffline';
    const wsdl = await (await fetch(`${sri.url}/${nombre}?wsdl`)).text();
    const schema = parse(wsdl).getElementsByTagNameNS('http://www.w3.org/2001/XMLSchema', 'schema')[0]!;
    // The WSDL lists comprobante, mensaje and autorizacion by ref= to global elements, which would put them in the
    // service's namespace; the SRI writes them unqualified like every other child (as its real answers show, and as
    // clients parse them): they are checked as the local elements of the same type that the SRI actually sends.
    for (const elemento of Array.from(schema.getElementsByTagNameNS('http://www.w3.org/2001/XMLSchema', 'element'))) {
      const ref = elemento.getAttribute('ref');
      if (!ref) continue;
      elemento.removeAttribute('ref');
      elemento.setAttribute('name', ref.replace(/^tns:/, ''));
      elemento.setAttribute('type', ref);
    }
    esquema = esquemas[servicio] = join(dir, `${servicio}.xsd`);
    writeFileSync(esquema, new XMLSerializer().serializeToString(schema));
  }
  const body = parse(respuesta).getElementsByTagNameNS(ENVELOPE, 'Body')[0]!;
  const hijo = Array.from(body.childNodes).find((n) => n.nodeType === 1)!;
  const archivo = join(dir, `respuesta-${Math.random().toString(36).slice(2)}.xml`);
  writeFileSync(archivo, new XMLSerializer().serializeToString(hijo));
  const xmllint = spawnSync('xmllint', ['--noout', '--schema', esquema, archivo], { encoding: 'utf8' });
  expect(xmllint.status, xmllint.stderr).toBe(0);
}

type Recepcion = { status: number; estado?: string; clave?: string; mensajes: Array<Record<string, string | undefined>>; cuerpo: string };

async function enviar(xml: string | null, opciones: { base64?: string } = {}): Promise<Recepcion> {
  const base64 = opciones.base64 ?? (xml === null ? null : Buffer.from(xml, 'utf8').toString('base64'));
  const res = await post('RecepcionComprobantesOffline', pedidoRecepcion(base64));
  const cuerpo = await res.text();
  expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
  const doc = parse(cuerpo);
  await validarContraWsdl('recepcion', cuerpo);
  return {
    status: res.status,
    estado: textoDe(doc, 'estado'),
    clave: textoDe(doc, 'claveAcceso'),
    mensajes: elementos(doc, 'mensaje')
      .filter((m) => m.parentNode?.nodeName === 'mensajes')
      .map((m) => ({
        identificador: textoDe(m, 'identificador'),
        mensaje: textoDe(m, 'mensaje'),
        informacionAdicional: textoDe(m, 'informacionAdicional'),
        tipo: textoDe(m, 'tipo'),
      })),
    cuerpo,
  };
}

async function devuelta(xml: string | null, identificador: string, mensaje: string, opciones: { base64?: string } = {}) {
  const r = await enviar(xml, opciones);
  expect(r.status).toBe(200);
  expect(r.estado).toBe('DEVUELTA');
  expect(r.mensajes).toHaveLength(1);
  expect(r.mensajes[0]).toMatchObject({ identificador, mensaje, tipo: 'ERROR' });
  expect(r.mensajes[0]!.informacionAdicional).toBeTruthy();
  return { clave: r.clave, informacion: r.mensajes[0]!.informacionAdicional! };
}

async function recibida(xml: string) {
  const r = await enviar(xml);
  expect(r.mensajes).toEqual([]);
  expect(r.estado).toBe('RECIBIDA');
  expect(r.cuerpo).toContain('<comprobantes/>');
}

async function autorizacion(clave: string) {
  const res = await post('AutorizacionComprobantesOffline', pedidoAutorizacion(clave));
  expect(res.status).toBe(200);
  const cuerpo = await res.text();
  await validarContraWsdl('autorizacion', cuerpo);
  const doc = parse(cuerpo);
  return {
    cuerpo,
    consultada: textoDe(doc, 'claveAccesoConsultada'),
    numero: textoDe(doc, 'numeroComprobantes'),
    autorizaciones: elementos(doc, 'autorizacion').map((a) => ({
      estado: textoDe(a, 'estado'),
      numeroAutorizacion: textoDe(a, 'numeroAutorizacion'),
      fechaAutorizacion: textoDe(a, 'fechaAutorizacion'),
      ambiente: textoDe(a, 'ambiente'),
      comprobante: textoDe(a, 'comprobante'),
      mensajes: elementos(a, 'mensaje')
        .filter((m) => m.parentNode?.nodeName === 'mensajes')
        .map((m) => ({ identificador: textoDe(m, 'identificador'), mensaje: textoDe(m, 'mensaje'), tipo: textoDe(m, 'tipo') })),
    })),
  };
}

const avanzar = (ms: number) => {
  ahora = new Date(ahora.getTime() + ms);
};

describe('reception and authorization of a valid invoice', () => {
  it('RECIBIDA, EN PROCESO during the delay, then AUTORIZADO with the document as sent, and it stays so', async () => {
    const { xml, clave } = firmada();
    const recibidaEn = ahora;
    await recibida(xml);

    const enProceso = await autorizacion(clave);
    expect(enProceso.consultada).toBe(clave);
    expect(enProceso.numero).toBe('1');
    expect(enProceso.autorizaciones).toEqual([
      expect.objectContaining({ estado: 'EN PROCESO', numeroAutorizacion: undefined, comprobante: undefined }),
    ]);
    expect(sri.estadisticas().claves[clave]).toEqual({ recepciones: 1, estado: 'RECIBIDA' });

    avanzar(DELAY);
    const autorizada = await autorizacion(clave);
    expect(autorizada.numero).toBe('1');
    const [entrada] = autorizada.autorizaciones;
    expect(entrada).toMatchObject({ estado: 'AUTORIZADO', numeroAutorizacion: clave, ambiente: 'PRUEBAS', mensajes: [] });
    expect(entrada!.comprobante).toBe(xml);
    expect(autorizada.cuerpo).toContain('<comprobante><![CDATA[<?xml version="1.0" encoding="UTF-8"?>');
    // Reception + delay, in Ecuador's time with milliseconds.
    const esperado = new Date(recibidaEn.getTime() + DELAY - 5 * 3_600_000).toISOString().slice(0, 23) + '-05:00';
    expect(entrada!.fechaAutorizacion).toBe(esperado);

    // A longer delay later does not take the authorization back.
    sri.demora(60 * 60_000);
    try {
      expect((await autorizacion(clave)).autorizaciones[0]).toMatchObject({ estado: 'AUTORIZADO', fechaAutorizacion: esperado });
    } finally {
      sri.demora(DELAY);
    }
    expect(sri.estadisticas().claves[clave]).toEqual({ recepciones: 1, estado: 'AUTORIZADO' });
  });

  it('answers PRODUCCIÓN for a key of ambiente 2, and nothing for a key it never received', async () => {
    const { xml, clave } = firmada({ ambiente: '2' });
    await recibida(xml);
    avanzar(DELAY);
    expect((await autorizacion(clave)).autorizaciones[0]).toMatchObject({ estado: 'AUTORIZADO', ambiente: 'PRODUCCIÓN' });

    const desconocida = factura().clave;
    const nada = await autorizacion(desconocida);
    expect(nada).toMatchObject({ consultada: desconocida, numero: '0', autorizaciones: [] });
    expect(nada.cuerpo).toContain('<autorizaciones/>');
  });

  it('counts the calls of each service', async () => {
    const antes = sri.estadisticas();
    const { xml, clave } = firmada();
    await recibida(xml);
    await autorizacion(clave);
    await autorizacion(clave);
    const despues = sri.estadisticas();
    expect(despues.recepcion - antes.recepcion).toBe(1);
    expect(despues.autorizacion - antes.autorizacion).toBe(2);
  });
});

describe('a document comes back DEVUELTA', () => {
  it('35 when the request has no document, it is not base64, or not well-formed XML (with an empty key)', async () => {
    expect((await devuelta(null, '35', 'ARCHIVO NO CUMPLE ESTRUCTURA XML')).clave).toBe('');
    const noBase64 = await devuelta(null, '35', 'ARCHIVO NO CUMPLE ESTRUCTURA XML', { base64: 'esto no es base64!' });
    expect(noBase64.informacion).toContain('base64');
    const malFormado = firmada().xml.replace('</infoTributaria>', '');
    const r = await devuelta(malFormado, '35', 'ARCHIVO NO CUMPLE ESTRUCTURA XML');
    expect(r.clave).toBe('');
    expect(r.informacion).toMatch(/bien formado \(línea \d+, columna \d+/);
  });

  it('47 when the root element is not the document its codDoc says (a <notaCredito> with codDoc 01)', async () => {
    const { xml, clave } = factura();
    const nota = firmar(xml.replace('<factura ', '<notaCredito ').replace('</factura>', '</notaCredito>'));
    const r = await devuelta(nota, '47', 'TIPO DE COMPROBANTE NO EXISTE');
    expect(r.clave).toBe(clave);
    expect(r.informacion).toContain('<notaCredito>');
  });

  it('35 with the schema errors when the document does not follow factura_V1.1.0.xsd', async () => {
    const { xml, clave } = factura();
    const invalido = firmar(xml.replace(`<ruc>${RUC}</ruc>`, '<ruc>17920603</ruc>'));
    const r = await devuelta(invalido, '35', 'ARCHIVO NO CUMPLE ESTRUCTURA XML');
    expect(r.clave).toBe(clave);
    expect(r.informacion).toContain('infoTributaria/ruc');
    expect(r.informacion).toContain('17920603');
  });

  it('39 when unsigned or changed after signing (as xml-crypto judges it), and a corrected document is then RECIBIDA', async () => {
    const { xml, clave } = firmada();
    expect((await devuelta(factura().xml, '39', 'FIRMA INVALIDA')).informacion).toContain('no está firmado');

    const cambiada = xml.replace('CONSTRUCTORA LOS ANDES S.A.', 'CONSTRUCTORA LOS ANDES S.A.S.');
    expect(cambiada).not.toBe(xml);
    const r = await devuelta(cambiada, '39', 'FIRMA INVALIDA');
    expect(r.clave).toBe(clave);
    expect(r.informacion).toContain('#comprobante');

    const firmaCambiada = xml.replace(
      /<ds:SignatureValue([^>]*)>(.)/,
      (_, atributos: string, c: string) => `<ds:SignatureValue${atributos}>${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await devuelta(firmaCambiada, '39', 'FIRMA INVALIDA')).informacion).toContain('ds:SignatureValue');

    const dosFirmas = xml.replace('</factura>', `${/<ds:Signature[\s\S]*<\/ds:Signature>/.exec(xml)![0]}</factura>`);
    expect((await devuelta(dosFirmas, '39', 'FIRMA INVALIDA')).informacion).toContain('2 firmas');

    // xml-crypto's own verifier (with the certificate the signature carries) agrees with each verdict.
    const xmlCrypto = (documento: string) => {
      const verificador = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
      verificador.loadSignature(parse(documento).getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0]!);
      try {
        return verificador.checkSignature(documento);
      } catch {
        return false;
      }
    };
    expect([xml, cambiada, firmaCambiada].map(xmlCrypto)).toEqual([true, false, false]);

    // What came back DEVUELTA was not registered: the same key is taken once the document is right.
    await recibida(xml);
    expect(sri.estadisticas().claves[clave]).toEqual({ recepciones: 4, estado: 'RECIBIDA' });
  });

  it('80 when the check digit is wrong or the key does not match the document', async () => {
    const digito = (clave: string) => clave.slice(0, 48) + String((Number(clave[48]) + 1) % 10);
    const mal = firmada({ clave: digito });
    const r = await devuelta(mal.xml, '80', 'ERROR EN LA ESTRUCTURA DE CLAVE ACCESO');
    expect(r.clave).toBe(mal.clave);
    expect(r.informacion).toContain('verificador');

    const otroSecuencial = factura({ secuencial: 999_999_999 }).clave;
    const ajena = firmada({ clave: () => otroSecuencial });
    const r2 = await devuelta(ajena.xml, '80', 'ERROR EN LA ESTRUCTURA DE CLAVE ACCESO');
    expect(r2.informacion).toContain('secuencial (clave 999999999, comprobante');
  });

  it('70 while the key is in process, 43 once it is authorized', async () => {
    const { xml, clave } = firmada();
    await recibida(xml);
    expect((await devuelta(xml, '70', 'CLAVE DE ACCESO EN PROCESAMIENTO')).clave).toBe(clave);
    avanzar(DELAY);
    expect((await devuelta(xml, '43', 'CLAVE ACCESO REGISTRADA')).clave).toBe(clave);
    expect(sri.estadisticas().claves[clave]).toEqual({ recepciones: 3, estado: 'AUTORIZADO' });
  });

  it('45 for the same sequential under a new key once the first is authorized', async () => {
    const primera = firmada();
    const numero = Number(primera.clave.slice(30, 39));
    await recibida(primera.xml);
    avanzar(DELAY);
    expect((await autorizacion(primera.clave)).autorizaciones[0]!.estado).toBe('AUTORIZADO');
    const segunda = firmada({ secuencial: numero });
    expect(segunda.clave).not.toBe(primera.clave);
    const r = await devuelta(segunda.xml, '45', 'SECUENCIAL REGISTRADO');
    expect(r.clave).toBe(segunda.clave);
    expect(r.informacion).toContain(primera.clave);
  });

  it('65 for a date beyond the tolerance or after today in Ecuador', async () => {
    const texto = 'La fecha de emisión está fuera del rango de tolerancia [129600 minutos], o es mayor a la fecha del servidor';
    expect((await devuelta(firmada({ fechaEmision: fecha(-91) }).xml, '65', 'FECHA EMISIÓN EXTEMPORANEA')).informacion).toBe(texto);
    expect((await devuelta(firmada({ fechaEmision: fecha(1) }).xml, '65', 'FECHA EMISIÓN EXTEMPORANEA')).informacion).toBe(texto);
    await recibida(firmada({ fechaEmision: fecha(-89) }).xml);
  });
});

describe('programmed authorizations', () => {
  it('NO AUTORIZADO with its messages, then CLAVE ACCESO REGISTRADA', async () => {
    const { xml, clave } = firmada();
    const mensajes = [
      {
        identificador: '56',
        mensaje: 'ESTABLECIMIENTO CERRADO',
        informacionAdicional: 'El establecimiento 001 está <cerrado> & dado de baja',
        tipo: 'ERROR' as const,
      },
    ];
    sri.programar(clave, [{ estado: 'NO AUTORIZADO', mensajes }]);
    await recibida(xml);
    const r = await autorizacion(clave);
    expect(r.numero).toBe('1');
    expect(r.autorizaciones).toEqual([
      expect.objectContaining({
        estado: 'NO AUTORIZADO',
        numeroAutorizacion: undefined,
        mensajes: [{ identificador: '56', mensaje: 'ESTABLECIMIENTO CERRADO', tipo: 'ERROR' }],
      }),
    ]);
    expect(r.cuerpo).toContain('El establecimiento 001 está &lt;cerrado&gt; &amp; dado de baja');
    expect(sri.estadisticas().claves[clave]!.estado).toBe('NO AUTORIZADO');
    await devuelta(xml, '43', 'CLAVE ACCESO REGISTRADA');
  });

  it('several entries in their order; AUTORIZADO wins', async () => {
    const { xml, clave } = firmada();
    const fechaAutorizacion = new Date('2026-11-22T15:15:30.123Z');
    sri.programar(clave, [
      { estado: 'NO AUTORIZADO', mensajes: [{ identificador: '26', mensaje: 'ERROR SECUENCIAL', tipo: 'ERROR' }] },
      { estado: 'AUTORIZADO', fechaAutorizacion },
    ]);
    await recibida(xml);
    const r = await autorizacion(clave);
    expect(r.numero).toBe('2');
    expect(r.autorizaciones.map((a) => a.estado)).toEqual(['NO AUTORIZADO', 'AUTORIZADO']);
    expect(r.autorizaciones[1]).toMatchObject({
      numeroAutorizacion: clave,
      fechaAutorizacion: '2026-11-22T10:15:30.123-05:00',
      comprobante: xml,
    });
    expect(sri.estadisticas().claves[clave]!.estado).toBe('AUTORIZADO');
  });
});

describe('fault modes', () => {
  it("'caido' cuts the connection, for `veces` calls only", async () => {
    sri.modo('caido', { veces: 1 });
    await expect(post('AutorizacionComprobantesOffline', pedidoAutorizacion(factura().clave))).rejects.toThrow(TypeError);
    expect((await autorizacion(factura().clave)).numero).toBe('0');
  });

  it("'lento' answers after the client's timeout, having processed the document", async () => {
    const { xml, clave } = firmada();
    sri.modo('lento', { veces: 1, demoraMs: 1_000, servicio: 'recepcion' });
    const pedido = post('RecepcionComprobantesOffline', pedidoRecepcion(Buffer.from(xml).toString('base64')), AbortSignal.timeout(200));
    await expect(pedido).rejects.toMatchObject({ name: 'TimeoutError' });
    await devuelta(xml, '70', 'CLAVE DE ACCESO EN PROCESAMIENTO');
    expect(sri.estadisticas().claves[clave]!.recepciones).toBe(2);
  });

  it("'error500' answers HTTP 500 with a SOAP Fault, only for the service named", async () => {
    const { xml, clave } = firmada();
    sri.modo('error500', { veces: 2, servicio: 'autorizacion' });
    await recibida(xml);
    for (let i = 0; i < 2; i++) {
      const res = await post('AutorizacionComprobantesOffline', pedidoAutorizacion(clave));
      expect(res.status).toBe(500);
      const fault = parse(await res.text()).getElementsByTagNameNS(ENVELOPE, 'Fault')[0];
      expect(textoDe(fault!, 'faultcode')).toBe('soap:Server');
    }
    expect((await autorizacion(clave)).numero).toBe('1');
  });

  it("'basura' answers 200 with a body that is not XML, or is cut short, until set back to 'normal'", async () => {
    sri.modo('basura');
    const cuerpos: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await post('AutorizacionComprobantesOffline', pedidoAutorizacion(factura().clave));
      expect(res.status).toBe(200);
      cuerpos.push(await res.text());
    }
    sri.modo('normal');
    expect(cuerpos.map((c) => XMLValidator.validate(c) === true)).toEqual([false, false]);
    expect(cuerpos[0]).not.toMatch(/^</);
    expect(cuerpos[1]).toMatch(/^<soap:Envelope/);
    expect((await autorizacion(factura().clave)).numero).toBe('0');
  });

  it('refuses with a SOAP Fault a request that is not the service’s operation', async () => {
    const res = await post('RecepcionComprobantesOffline', pedidoAutorizacion(factura().clave));
    expect(res.status).toBe(500);
    expect(textoDe(parse(await res.text()), 'faultcode')).toBe('soap:Client');
  });
});

describe('latenciaMs', () => {
  it('answers every call that long after its request, as a remote SRI would, and still processes it', async () => {
    const lejano = await iniciarSriLocal({ latenciaMs: 300, ahora: () => ahora });
    try {
      const { xml, clave } = firmada();
      const llamar = async (servicio: 'RecepcionComprobantesOffline' | 'AutorizacionComprobantesOffline', cuerpo: string) => {
        const inicio = performance.now();
        const res = await fetch(`${lejano.url}/${servicio}`, {
          method: 'POST',
          headers: { 'content-type': 'text/xml;charset=UTF-8' },
          body: cuerpo,
        });
        const texto = await res.text();
        return { status: res.status, texto, ms: performance.now() - inicio };
      };
      const recepcion = await llamar('RecepcionComprobantesOffline', pedidoRecepcion(Buffer.from(xml).toString('base64')));
      const autorizacion = await llamar('AutorizacionComprobantesOffline', pedidoAutorizacion(clave));
      for (const r of [recepcion, autorizacion]) {
        expect(r.status).toBe(200);
        expect(r.ms).toBeGreaterThanOrEqual(290);
        expect(r.ms).toBeLessThan(3_000);
      }
      expect(textoDe(parse(recepcion.texto), 'estado')).toBe('RECIBIDA');
      expect(textoDe(parse(autorizacion.texto), 'estado')).toBe('AUTORIZADO');
      expect(lejano.estadisticas().claves[clave]).toEqual({ recepciones: 1, estado: 'AUTORIZADO' });
    } finally {
      await lejano.close();
    }
  });
});

describe('the WSDLs and the command line', () => {
  it('answers ?wsdl with the SRI’s WSDL pointing at itself', async () => {
    for (const servicio of ['RecepcionComprobantesOffline', 'AutorizacionComprobantesOffline']) {
      const res = await fetch(`${sri.url}/${servicio}?wsdl`);
      expect(res.status).toBe(200);
      const wsdl = parse(await res.text());
      expect(wsdl.documentElement!.getAttribute('name')).toBe(`${servicio}Service`);
      const address = wsdl.getElementsByTagNameNS('http://schemas.xmlsoap.org/wsdl/soap/', 'address')[0]!;
      expect(address.getAttribute('location')).toBe(`${sri.url}/${servicio}`);
    }
    expect((await fetch(`${sri.url}/OtroServicio?wsdl`)).status).toBe(404);
  });

  it('`npm run sri-local` prints its address and the line to start Amelia with', async () => {
    const raiz = resolve(import.meta.dirname, '../..');
    const hijo = spawn(process.execPath, ['--import', 'tsx', 'server/cli/sri-local.ts'], {
      cwd: raiz,
      env: { ...process.env, SRI_LOCAL_PORT: '0', SRI_LOCAL_DEMORA_MS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let salida = '';
      const url = await new Promise<string>((listo, falla) => {
        hijo.stdout.on('data', (d: Buffer) => {
          salida += d.toString();
          const m = /SRI_PRUEBAS_URL=(\S+) npm start/.exec(salida);
          if (m) listo(m[1]!);
        });
        hijo.once('exit', (code) => falla(new Error(`salió con ${code}: ${salida}`)));
      });
      expect(salida).toMatch(/SRI local escuchando en http:\/\/127\.0\.0\.1:\d+\/comprobantes-electronicos-ws/);
      expect((await fetch(`${url}/AutorizacionComprobantesOffline?wsdl`)).status).toBe(200);
    } finally {
      const salida = once(hijo, 'exit');
      hijo.kill('SIGTERM');
      await salida;
    }
  });
});
