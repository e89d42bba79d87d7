import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestApp } from '../helpers/server';
import { borrador, crearOk, usadosDelPlan } from '../helpers/facturas-api';
import { configSri, emitirAutorizada, esperarNota, tornilloConSri } from '../helpers/sri';
import { carpetaTemporal } from '../helpers/archivos';
import { crearClienteSri } from '../../server/modules/comprobantes/sri/cliente';
import { iniciarSriLocal, type SriLocal } from '../../server/sri-local';
import { verificarFirmaXml } from '../../server/modules/comprobantes';
import { hoyEcuador, sumarDias } from '../../domain/fechas';

/**
 * The notes (nota de crédito 04, nota de débito 05) through the SRI, against the local SRI over real HTTP and through
 * their own API: issued, RECIBIDA, AUTORIZADA with the authorization stored, the authorized XML and the email to the
 * buyer; sent back DEVUELTA with the SRI's message, corrected and issued again with the same number; NO AUTORIZADO
 * (RECHAZADA) and issued again under a new key. The plan pays a note when it is authorized, as it pays an invoice.
 * Before that, the local SRI itself is checked against notes the real SRI authorized (tests/fixtures/sri).
 */
const FIXTURES = join(import.meta.dirname, '../fixtures/sri');
const { pdfTexto } = carpetaTemporal('notas-sri-');

/** The signed document inside an authorized XML as the SRI gives it (its <comprobante>, CDATA). */
const comprobanteDe = (autorizado: string) =>
  autorizado.slice(autorizado.indexOf('<![CDATA[') + '<![CDATA['.length, autorizado.lastIndexOf(']]>'));

describe('the local SRI takes notes the real SRI authorized', () => {
  let sri: SriLocal;
  /** The local SRI's clock: the day each note was issued, so that its date is not out of the tolerance. */
  let ahora = new Date();
  beforeAll(async () => {
    sri = await iniciarSriLocal({ ahora: () => ahora });
  });
  afterAll(() => sri?.close());

  it.each([
    ['autorizado-nota-credito.xml', 'notaCredito', '04', '2024-07-08T15:00:00Z'],
    ['autorizado-nota-debito.xml', 'notaDebito', '05', '2024-09-25T15:00:00Z'],
  ])('%s: its signature verifies, it is RECIBIDA, then AUTORIZADO with the same document in CDATA', async (archivo, raiz, codDoc, dia) => {
    const firmado = comprobanteDe(readFileSync(join(FIXTURES, archivo), 'utf8'));
    const documento = new DOMParser().parseFromString(firmado, 'text/xml');
    expect(documento.documentElement!.localName).toBe(raiz);
    const firma = documento.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0]!;
    expect(verificarFirmaXml(documento.documentElement!, firma).documentoCompleto).toBe(true);
    const clave = documento.getElementsByTagName('claveAcceso')[0]!.textContent!;
    expect(clave.slice(8, 10)).toBe(codDoc);

    ahora = new Date(dia);
    const cliente = crearClienteSri(configSri(sri.url).sri!);
    expect(await cliente.validarComprobante('2', firmado)).toMatchObject({ estado: 'RECIBIDA' });
    const { decisiva } = await cliente.autorizacionComprobante('2', clave);
    expect(decisiva).toMatchObject({ estado: 'AUTORIZADO', numeroAutorizacion: clave, ambiente: 'PRODUCCIÓN', comprobante: firmado });
    // Sent again it comes back 43: a key is received once.
    const otra = await cliente.validarComprobante('2', firmado);
    expect(otra).toMatchObject({ estado: 'DEVUELTA', mensajes: [expect.objectContaining({ identificador: '43' })] });
  });

  it('a note whose codDoc does not match its root element comes back DEVUELTA 47', async () => {
    const firmado = comprobanteDe(readFileSync(join(FIXTURES, 'autorizado-nota-debito.xml'), 'utf8'));
    const cambiado = firmado.replace('<codDoc>05</codDoc>', '<codDoc>04</codDoc>');
    const cliente = crearClienteSri(configSri(sri.url).sri!);
    const r = await cliente.validarComprobante('2', cambiado);
    expect(r).toMatchObject({ estado: 'DEVUELTA', mensajes: [expect.objectContaining({ identificador: '47' })] });
  });
});

type Tipo = 'notasCredito' | 'notasDebito';
const TIPOS: Array<{ tipo: Tipo; codDoc: string; nombre: string; archivo: string; raiz: string; titulo: string }> = [
  {
    tipo: 'notasCredito',
    codDoc: '04',
    nombre: 'Nota de crédito',
    archivo: 'nota-credito',
    raiz: 'notaCredito',
    titulo: 'NOTA DE CRÉDITO',
  },
  { tipo: 'notasDebito', codDoc: '05', nombre: 'Nota de débito', archivo: 'nota-debito', raiz: 'notaDebito', titulo: 'NOTA DE DÉBITO' },
];

type NotaLeida = {
  FAC_CODIGO: number;
  FAC_ESTADO: string;
  FAC_NUMERO: string | null;
  FAC_CLAVE_ACCESO: string | null;
  FAC_AUTORIZACION: string | null;
  FAC_FECHA_AUTORIZACION: string | null;
  FAC_SRI_MENSAJES: Array<{ identificador: string; mensaje: string; informacionAdicional?: string; ayuda?: string }>;
  FAC_ENTREGA: string | null;
  FAC_ENTREGA_DETALLE: string | null;
  FAC_MODIFICA: number;
  FACTURA_NUMERO: string | null;
};

describe.each(testDatabases)('las notas ante el SRI (%s)', (kind) => {
  let sri: SriLocal;
  /** How far ahead of the real time the local SRI's clock runs. */
  let adelanto = 0;
  let t: TestApp;
  let tornillo: string;
  let empresa: number;
  let punto: number;
  let cliente: number;
  /** An AUTORIZADA invoice of today and one of 85 days ago, both of the same buyer. */
  let factura: { id: number; numero: string };
  let antigua: { id: number; numero: string };

  const call = (tipo: Tipo | 'facturas', method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${tipo}${url}`, headers: { 'x-token': tornillo }, ...(payload ? { payload } : {}) });
  const usados = () => usadosDelPlan(t, empresa);
  const facturaAutorizada = async (fecha: string) => {
    const id = await crearOk(t, tornillo, borrador(punto, cliente, undefined, { FAC_FECHA: fecha }));
    const f = await emitirAutorizada(t, tornillo, id);
    return { id, numero: f.FAC_NUMERO! };
  };

  /** The draft of each type: ten screws returned (1.25 + 15 % IVA), or USD 5.00 of interest at IVA 0 %. */
  const cuerpo = (tipo: Tipo, modifica: number, fecha = hoyEcuador()) =>
    tipo === 'notasCredito'
      ? {
          FAC_MODIFICA: modifica,
          FAC_FECHA: fecha,
          PEM_CODIGO: punto,
          FAC_MOTIVO: 'Devolución de 10 tornillos defectuosos',
          lineas: [
            {
              FDE_LINEA_FACTURA: 1,
              FDE_PRINCIPAL: 'TOR-001',
              FDE_DESCRIPCION: 'Tornillo hexagonal 1/4"',
              FDE_CANTIDAD: '10',
              FDE_PRECIO: '0.125',
              FDE_IVA: '4',
            },
          ],
        }
      : {
          FAC_MODIFICA: modifica,
          FAC_FECHA: fecha,
          PEM_CODIGO: punto,
          FAC_MOTIVO: 'Intereses por pago atrasado',
          motivos: [{ razon: 'Interés por mora (30 días)', valor: '5.00', iva: '0' }],
          pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '5.00' }],
        };

  /** A new draft of the type issued: its id and what issuing answered. */
  const emitir = async (tipo: Tipo, modifica = factura.id, fecha?: string) => {
    const creada = await call(tipo, 'POST', '', cuerpo(tipo, modifica, fecha));
    expect(creada.statusCode, creada.body).toBe(201);
    const id = (creada.json() as NotaLeida).FAC_CODIGO;
    const res = await call(tipo, 'POST', `/${id}/emitir`);
    expect(res.statusCode, res.body).toBe(200);
    const emitida = res.json() as NotaLeida;
    expect(emitida.FAC_CLAVE_ACCESO).toMatch(/^\d{49}$/);
    return { id, emitida };
  };

  /** Polls the note until its state is one of `estados` and nothing of it is left on the SRI's queue. */
  const esperar = (tipo: Tipo, id: number, estados: string[], timeoutMs = 15_000) =>
    esperarNota<NotaLeida>(t, tornillo, tipo, id, estados, { timeoutMs });

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, punto, cliente } = await tornilloConSri(kind, {
      cliente: 401,
      sri: { demoraAutorizacionMs: 300, ahora: () => new Date(Date.now() + adelanto) },
    }));
    factura = await facturaAutorizada(hoyEcuador());
    antigua = await facturaAutorizada(sumarDias(hoyEcuador(), -85));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });
  afterEach(() => {
    adelanto = 0;
  });

  describe.each(TIPOS)('$nombre', ({ tipo, codDoc, nombre, archivo, raiz, titulo }) => {
    it('is received and authorized: number and date stored, one plan document, the authorized XML and the email with both files', async () => {
      const antes = await usados();
      const { id, emitida } = await emitir(tipo);
      expect(emitida.FAC_CLAVE_ACCESO!.slice(8, 10)).toBe(codDoc);
      const nota = await esperar(tipo, id, ['AUTORIZADA']);
      expect(nota.FAC_AUTORIZACION).toBe(emitida.FAC_CLAVE_ACCESO);
      expect(Date.parse(nota.FAC_FECHA_AUTORIZACION!)).toBeGreaterThan(Date.now() - 60_000);
      expect(nota.FAC_SRI_MENSAJES).toEqual([]);
      expect(nota).toMatchObject({ FAC_MODIFICA: factura.id, FACTURA_NUMERO: factura.numero });
      expect(await usados()).toBe(antes + 1);
      expect(sri.estadisticas().claves[emitida.FAC_CLAVE_ACCESO!]).toMatchObject({ recepciones: 1, estado: 'AUTORIZADO' });

      // The authorized XML: the SRI's answer, with the signed note as it was sent, in CDATA.
      const firmado = (await call(tipo, 'GET', `/${id}/xml`)).body;
      const descarga = await call(tipo, 'GET', `/${id}/autorizado`);
      expect(descarga.statusCode).toBe(200);
      expect(descarga.headers['content-disposition']).toContain(`${archivo}-${emitida.FAC_NUMERO}`);
      expect(descarga.body).toContain('<estado>AUTORIZADO</estado>');
      expect(descarga.body).toContain(`<numeroAutorizacion>${emitida.FAC_CLAVE_ACCESO}</numeroAutorizacion>`);
      expect(comprobanteDe(descarga.body)).toBe(firmado);
      expect(firmado).toContain(`<${raiz} id="comprobante"`);
      expect(firmado).toContain(`<numDocModificado>${factura.numero}</numDocModificado>`);

      // The buyer's email, sent once the SRI authorized it.
      expect(nota.FAC_ENTREGA).toBe('ENVIADA');
      expect(nota.FAC_ENTREGA_DETALLE).toBe('cliente401@correo.ec');
      const correo = (await t.mails()).find((m) => m.subject.includes(emitida.FAC_NUMERO!) && m.subject.startsWith(nombre))!;
      expect(correo.to).toBe('cliente401@correo.ec');
      expect(correo.subject).toBe(`${nombre} electrónica ${emitida.FAC_NUMERO} de Ferretería El Tornillo`);
      expect(correo.text).toContain(emitida.FAC_CLAVE_ACCESO!);
      expect(correo.attachments.map((a) => a.filename)).toEqual([
        `${archivo}-${emitida.FAC_NUMERO}.xml`,
        `${archivo}-${emitida.FAC_NUMERO}.pdf`,
      ]);
      expect(correo.attachments[0]!.content.toString('utf8')).toBe(descarga.body);
      const ride = pdfTexto(correo.attachments[1]!.content);
      expect(ride).toContain(titulo);
      expect(ride).toContain(emitida.FAC_CLAVE_ACCESO!);
      expect(ride).toContain(factura.numero);
      expect(ride).not.toContain('PENDIENTE DE AUTORIZACIÓN');
    });

    it('dated out of the SRI’s tolerance it comes back DEVUELTA (65) and costs nothing; corrected, it keeps its number and is authorized', async () => {
      const antes = await usados();
      // The SRI's clock 10 days ahead: a note dated with its 85-day-old invoice is 95 days old for it.
      adelanto = 10 * 86_400_000;
      const { id, emitida } = await emitir(tipo, antigua.id, sumarDias(hoyEcuador(), -85));
      const devuelta = await esperar(tipo, id, ['DEVUELTA', 'AUTORIZADA']);
      expect(devuelta.FAC_ESTADO).toBe('DEVUELTA');
      expect(devuelta.FAC_SRI_MENSAJES).toEqual([
        expect.objectContaining({
          identificador: '65',
          mensaje: 'FECHA EMISIÓN EXTEMPORANEA',
          informacionAdicional: expect.stringContaining('129600 minutos'),
          ayuda: expect.stringContaining('Corrija la fecha'),
        }),
      ]);
      expect(devuelta.FAC_AUTORIZACION).toBeNull();
      expect(await usados()).toBe(antes);

      adelanto = 0;
      const corregida = await call(tipo, 'PUT', `/${id}`, cuerpo(tipo, antigua.id, sumarDias(hoyEcuador(), -80)));
      expect(corregida.statusCode, corregida.body).toBe(200);
      expect(corregida.json()).toMatchObject({ FAC_ESTADO: 'DEVUELTA', FAC_NUMERO: emitida.FAC_NUMERO });
      expect((await call(tipo, 'POST', `/${id}/emitir`)).statusCode).toBe(200);
      const autorizada = await esperar(tipo, id, ['AUTORIZADA', 'DEVUELTA']);
      expect(autorizada.FAC_ESTADO).toBe('AUTORIZADA');
      expect(autorizada.FAC_NUMERO).toBe(emitida.FAC_NUMERO);
      expect(autorizada.FAC_AUTORIZACION).toBe(autorizada.FAC_CLAVE_ACCESO);
      // Same number, new date: a new key, for the same document type.
      expect(autorizada.FAC_CLAVE_ACCESO).not.toBe(emitida.FAC_CLAVE_ACCESO);
      expect(autorizada.FAC_CLAVE_ACCESO!.slice(8, 39)).toBe(emitida.FAC_CLAVE_ACCESO!.slice(8, 39));
      expect(autorizada.FAC_SRI_MENSAJES).toEqual([]);
      expect(await usados()).toBe(antes + 1);
    });

    it('NO AUTORIZADO is RECHAZADA with the SRI’s messages and costs nothing; issued again, a new key is authorized', async () => {
      const antes = await usados();
      // The local SRI holds its authorizations until the key is programmed, so the worker cannot be faster.
      sri.demora(60_000);
      const { id, emitida } = await emitir(tipo);
      sri.programar(emitida.FAC_CLAVE_ACCESO!, [
        {
          estado: 'NO AUTORIZADO',
          mensajes: [{ identificador: '52', mensaje: 'ERROR EN DIFERENCIAS', informacionAdicional: 'El total no cuadra', tipo: 'ERROR' }],
        },
      ]);
      sri.demora(300);
      const rechazada = await esperar(tipo, id, ['RECHAZADA', 'AUTORIZADA']);
      expect(rechazada.FAC_ESTADO).toBe('RECHAZADA');
      expect(rechazada.FAC_SRI_MENSAJES[0]).toMatchObject({ identificador: '52', mensaje: 'ERROR EN DIFERENCIAS' });
      expect(rechazada.FAC_AUTORIZACION).toBeNull();
      expect(await usados()).toBe(antes);

      expect((await call(tipo, 'POST', `/${id}/emitir`)).statusCode).toBe(200);
      const autorizada = await esperar(tipo, id, ['AUTORIZADA', 'RECHAZADA']);
      expect(autorizada.FAC_ESTADO).toBe('AUTORIZADA');
      expect(autorizada.FAC_NUMERO).toBe(emitida.FAC_NUMERO);
      expect(autorizada.FAC_CLAVE_ACCESO).not.toBe(emitida.FAC_CLAVE_ACCESO);
      expect(autorizada.FAC_AUTORIZACION).toBe(autorizada.FAC_CLAVE_ACCESO);
      expect(await usados()).toBe(antes + 1);
    });
  });
});
