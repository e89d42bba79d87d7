import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginCompany, registerCompany } from '../helpers/accounts';
import { carpetaTemporal } from '../helpers/archivos';
import { verificarFirmaXml } from '../../server/modules/comprobantes';
import { proveedores } from '../../server/infra/db/schema';
import { RECIBIDOS_MSG, type Recibido, type RecibidoDetalle, type ResultadoImportacion } from '../../domain/contratos/recibidos';

/**
 * Documents the real SRI authorized (tests/fixtures/recibidos/README.md: a factura of 2025 with its amounts padded with
 * spaces, a factura of 2023 handed over as <Authorization>, a comprobante de retención 2.0.0, a liquidación de compra),
 * imported through POST /api/recibidos/archivos by a company in producción whose RUC is each one's addressee: read as
 * they are, their supplier added, their RIDE drawn; a second time a duplicate; refused by another company; and two
 * documents their source edited after signing refused for their signature.
 */
const FIXTURES = join(import.meta.dirname, '../fixtures/recibidos');
const leer = (archivo: string) => readFileSync(join(FIXTURES, archivo));
const { guardar, pdfTexto } = carpetaTemporal('recibidos-reales-');
const DS = 'http://www.w3.org/2000/09/xmldsig#';

/** The signed document inside an authorized XML (its <comprobante>, CDATA), as the SRI signed it. */
const comprobanteDe = (autorizado: string) =>
  autorizado.slice(autorizado.indexOf('<![CDATA[') + '<![CDATA['.length, autorizado.lastIndexOf(']]>')).trim();

/** Each real document, the company it is addressed to (a RUC; a person's RUC holds the cédula a liquidación names) and what it says. */
const REALES = [
  {
    archivo: 'autorizado-factura-2025.xml',
    ruc: '1792779626001',
    recibido: {
      REC_TIPO: '01',
      REC_NUMERO: '032-101-000046045',
      REC_FECHA: '2025-08-04',
      REC_CLAVE_ACCESO: '0408202501109000787000120321010000460451234567815',
      REC_EMISOR_RUC: '1090007870001',
      REC_EMISOR_RAZON_SOCIAL: 'COOPERATIVA DE TRANSPORTE FLOTA IMBABURA',
      REC_AUTORIZACION: '0408202501109000787000120321010000460451234567815',
      REC_FECHA_AUTORIZACION: '2025-08-04T18:15:44.000Z',
      REC_AMBIENTE: 2,
      REC_SUBTOTAL: '59.13',
      REC_IVA: '8.87',
      REC_TOTAL: '68.00',
    },
    datos: {
      receptor: { tipoIdentificacion: '04', identificacion: '1792779626001', razonSocial: 'ONTIME - LOGISTIKS' },
      impuestos: [{ codigo: '2', codigoPorcentaje: '4', baseImponible: '59.13', valor: '8.87' }],
      pagos: [{ formaPago: '01', total: '68.00' }],
    },
    proveedor: true,
  },
  {
    archivo: 'autorizado-factura-2023-authorization.xml',
    ruc: '1723506232001',
    recibido: {
      REC_TIPO: '01',
      REC_NUMERO: '001-001-000005809',
      REC_FECHA: '2023-05-02',
      REC_CLAVE_ACCESO: '0205202301172178932700120010010000058090205302410',
      REC_EMISOR_RUC: '1721789327001',
      REC_EMISOR_RAZON_SOCIAL: 'YESSLAB',
      REC_FECHA_AUTORIZACION: '2023-05-02T15:30:22.000Z',
      REC_AMBIENTE: 2,
      REC_SUBTOTAL: '220.00',
      REC_IVA: '0.00',
      REC_TOTAL: '220.00',
    },
    datos: {
      receptor: { tipoIdentificacion: '04', identificacion: '1723506232001', razonSocial: 'MARIA FERNANDA SANCHEZ GAVI' },
      // As the issuer wrote it: 12 % on a base of 0 (the source's "tax error"); the SRI authorized it so.
      impuestos: [{ codigo: '2', codigoPorcentaje: '2', baseImponible: '0.00', valor: '0.00' }],
      pagos: [{ formaPago: '20', total: '220.00', plazo: '15', unidadTiempo: 'DIAS' }],
    },
    proveedor: true,
  },
  {
    archivo: 'autorizado-retencion-2.0.0.xml',
    ruc: '1791286448001',
    recibido: {
      REC_TIPO: '07',
      REC_NUMERO: '001-001-000036378',
      REC_FECHA: '2024-08-23',
      REC_CLAVE_ACCESO: '2308202407099253457500120010010000363781154101214',
      REC_EMISOR_RUC: '0992534575001',
      REC_EMISOR_RAZON_SOCIAL: 'OPERFEL SA',
      REC_FECHA_AUTORIZACION: '2024-08-30T21:07:03.000Z',
      REC_AMBIENTE: 2,
      REC_SUBTOTAL: '0.00',
      REC_IVA: '0.00',
      REC_TOTAL: '106.99',
    },
    datos: {
      receptor: {
        tipoIdentificacion: '04',
        identificacion: '1791286448001',
        razonSocial: 'CORPORACION DE REPRESENTACIONES Y SERVICIOS TECNICOS COREPTEC S.A.',
      },
      impuestos: [],
      pagos: [],
      retenciones: [
        {
          codigo: '1',
          codigoRetencion: '312',
          baseImponible: '3292.00',
          porcentajeRetener: '1.75',
          valorRetenido: '57.61',
          codDocSustento: '01',
          numDocSustento: '001-011-000041074',
          fechaEmisionDocSustento: '2024-08-23',
        },
        {
          codigo: '2',
          codigoRetencion: '9',
          baseImponible: '493.80',
          porcentajeRetener: '10',
          valorRetenido: '49.38',
          codDocSustento: '01',
          numDocSustento: '001-011-000041074',
          fechaEmisionDocSustento: '2024-08-23',
        },
      ],
      periodoFiscal: '08/2024',
    },
    proveedor: false,
  },
  {
    archivo: 'autorizado-liquidacion-compra.xml',
    ruc: '0914250881001',
    recibido: {
      REC_TIPO: '03',
      REC_NUMERO: '001-002-000000589',
      REC_FECHA: '2024-08-19',
      REC_CLAVE_ACCESO: '1908202403091651386400120010020000005891234567816',
      REC_EMISOR_RUC: '0916513864001',
      REC_EMISOR_RAZON_SOCIAL: 'PLUAS ESPINOZA GUIDO ROBERTO',
      REC_FECHA_AUTORIZACION: '2024-09-04T00:08:41.000Z',
      REC_AMBIENTE: 2,
      REC_SUBTOTAL: '5032.00',
      REC_IVA: '0.00',
      REC_TOTAL: '5032.00',
    },
    datos: {
      receptor: { tipoIdentificacion: '05', identificacion: '0914250881', razonSocial: 'SORIANO SALAS EDDIE' },
      impuestos: [{ codigo: '2', codigoPorcentaje: '0', baseImponible: '5032.00', valor: '0.00' }],
      pagos: [{ formaPago: '20', total: '5032.00', plazo: '0', unidadTiempo: 'DIAS' }],
    },
    proveedor: false,
  },
] as const;

/** Real documents their source changed after the SRI authorized them, and what changed. */
const EDITADOS = [
  ['editado-factura-sin-pagos.xml', 'El resumen de la referencia #comprobante no coincide: el comprobante cambió después de firmarlo.'],
  [
    'editado-factura-certificado.xml',
    'El resumen de la referencia #Certificate1822387 no coincide: la parte firmada (KeyInfo) cambió después de firmarla.',
  ],
] as const;

describe('the real documents verify as they are', () => {
  it.each(REALES.map((r) => r.archivo))('%s: its signature verifies with the core and with xmlsec1', (archivo) => {
    const firmado = comprobanteDe(leer(archivo).toString('utf8'));
    const documento = new DOMParser().parseFromString(firmado, 'text/xml');
    const firma = documento.getElementsByTagNameNS(DS, 'Signature')[0]!;
    expect(verificarFirmaXml(documento.documentElement!, firma).documentoCompleto).toBe(true);
    const raiz = documento.documentElement!.localName;
    const xmlsec = spawnSync('xmlsec1', ['--verify', '--id-attr:id', raiz, guardar('firmado.xml', firmado)], { encoding: 'utf8' });
    expect(xmlsec.status, xmlsec.stderr).toBe(0);
  });

  it.each(EDITADOS.map(([archivo]) => archivo))('%s: xmlsec1 refuses its signature too', (archivo) => {
    const firmado = comprobanteDe(leer(archivo).toString('utf8'));
    const xmlsec = spawnSync('xmlsec1', ['--verify', '--id-attr:id', 'factura', guardar('editado.xml', firmado)], { encoding: 'utf8' });
    expect(xmlsec.status).not.toBe(0);
  });
});

describe.each(testDatabases)('real authorized documents imported (%s)', (kind) => {
  let t: TestApp;
  let tornillo: string;
  /** The token of the company each document is addressed to, by file. */
  const tokens = new Map<string, string>();
  const empresaDe = new Map<string, number>();

  const subir = (token: string, archivo: string) => {
    const { payload, headers } = multipart('archivos', archivo, leer(archivo), 'text/xml');
    return t.app.inject({ method: 'POST', url: '/api/recibidos/archivos', headers: { ...headers, 'x-token': token }, payload });
  };
  const importar = async (token: string, archivo: string) => {
    const res = await subir(token, archivo);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ResultadoImportacion;
  };
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url: `/api/recibidos${url}`, headers: { 'x-token': token } });

  beforeAll(async () => {
    t = await startTestApp(kind);
    tornillo = (await loginCompany(t, COMPANIES.tornillo)).token;
    for (const { archivo, ruc } of REALES) {
      const { login, EMP_CODIGO } = await registerCompany(t, { EMP_RUC: ruc });
      const token = (await loginCompany(t, login)).token;
      // Production documents: the company receives them in producción, where a test document would be refused.
      const prod = await t.app.inject({
        method: 'PUT',
        url: `${API}/miEmpresa/ambiente`,
        headers: { 'x-token': token },
        payload: { ambiente: 2, confirmar: true },
      });
      expect(prod.statusCode, prod.body).toBe(200);
      tokens.set(archivo, token);
      empresaDe.set(archivo, EMP_CODIGO);
    }
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it.each(REALES)('$archivo: imported by its addressee as the SRI authorized it, then a duplicate', async (real) => {
    const token = tokens.get(real.archivo)!;
    const r = await importar(token, real.archivo);
    expect(r).toMatchObject({ importados: 1, duplicados: 0, rechazados: 0, proveedoresNuevos: real.proveedor ? 1 : 0 });
    expect(r.resultados[0]).toMatchObject({ origen: real.archivo, clave: real.recibido.REC_CLAVE_ACCESO, estado: 'importado' });
    const id = r.resultados[0]!.REC_CODIGO!;

    const detalle = (await get(token, `/${id}`)).json() as RecibidoDetalle;
    expect(detalle).toMatchObject({ ...real.recibido, REC_ORIGEN: 'xml', RETENCION: null });
    expect(detalle.REC_DATOS).toEqual(real.datos);
    // The authorization number is the one the file gives (here, as for every document since 2014, its access key).
    expect(detalle.REC_AUTORIZACION).toBe(real.recibido.REC_CLAVE_ACCESO);

    const lista = (await get(token, '')).json() as Recibido[];
    expect(lista).toEqual([expect.objectContaining({ REC_CODIGO: id, ...real.recibido })]);

    if (real.proveedor) {
      const [p] = await t.db
        .select()
        .from(proveedores)
        .where(and(eq(proveedores.EMP_CODIGO, empresaDe.get(real.archivo)!), eq(proveedores.PRV_CODIGO, detalle.PRV_CODIGO!)));
      expect(p).toMatchObject({
        PRV_TIPO_IDENTIFICACION: '04',
        PRV_IDENTIFICACION: real.recibido.REC_EMISOR_RUC,
        PRV_RAZON_SOCIAL: real.recibido.REC_EMISOR_RAZON_SOCIAL,
      });
    } else expect(detalle.PRV_CODIGO).toBeNull();

    const xml = await get(token, `/${id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(`<claveAcceso>${real.recibido.REC_CLAVE_ACCESO}</claveAcceso>`);
    const ride = await get(token, `/${id}/ride`);
    expect(ride.statusCode, ride.body).toBe(200);
    const texto = pdfTexto(ride.rawPayload);
    expect(texto).toContain(real.recibido.REC_NUMERO);
    expect(texto).toContain(real.recibido.REC_CLAVE_ACCESO);

    const otra = await importar(token, real.archivo);
    expect(otra).toMatchObject({ importados: 0, duplicados: 1, proveedoresNuevos: 0 });
    expect(otra.resultados[0]).toMatchObject({ estado: 'duplicado', mensaje: RECIBIDOS_MSG.duplicado, REC_CODIGO: id });
  });

  it.each(REALES)('$archivo: refused by Tornillo, whom it is not addressed to', async (real) => {
    const r = await importar(tornillo, real.archivo);
    expect(r).toMatchObject({ importados: 0, rechazados: 1 });
    expect(r.resultados[0]).toEqual({
      origen: real.archivo,
      clave: real.recibido.REC_CLAVE_ACCESO,
      estado: 'rechazado',
      mensaje: RECIBIDOS_MSG.ajeno,
      REC_CODIGO: null,
    });
  });

  it.each(EDITADOS)('%s: edited after signing, refused for its signature', async (archivo, motivo) => {
    // Refused before whom it is addressed to is looked at: any company gets the same answer.
    const r = await importar(tornillo, archivo);
    expect(r).toMatchObject({ importados: 0, rechazados: 1 });
    expect(r.resultados[0]).toMatchObject({ origen: archivo, estado: 'rechazado', REC_CODIGO: null });
    expect(r.resultados[0]!.mensaje).toBe(`${RECIBIDOS_MSG.firmaInvalida}: ${motivo}`);
  });
});
