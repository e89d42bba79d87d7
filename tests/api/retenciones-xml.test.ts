import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { armarRetencion, type CodigoRetencionVigente, type DatosRetencion } from '../../domain/retenciones';
import { abrirCertificado, type Certificado } from '../../server/modules/firmas/certificado';
import { firmarXml, validarComprobante } from '../../server/modules/comprobantes';
import { leerComprobanteXml } from '../../server/modules/comprobantes/comprobante-xml';
import type { ComprobanteRetencion } from '../../domain/retenciones/comprobante';
import { retencionXml } from '../../server/modules/retenciones/xml';
import { cuerpoRetencion } from '../../server/modules/retenciones/ride-cuerpo';
import { CLAVE_P12, crearCertificadosPrueba, type CertificadosPrueba } from '../helpers/certificados';

/**
 * The comprobante de retención as the SRI receives it: built from the kind of data the server reads (the company, a
 * supplier with a RUC, a received factura and an own liquidación de compra with their taxes and payments), written
 * as XML that Debian's xmllint accepts against the SRI's ComprobanteRetencion_V2.0.0.xsd, and signed with the core's
 * XAdES-BES so that xmlsec1 and xml-crypto, which share no code with the signer, accept it and refuse it once one
 * signed character changes.
 *
 * Amounts computed by hand: factura 001-002-000004567 (1,250.00 at 15 %: IVA 187.50), renta 312 at 1.75 % of
 * 1,250.00 = 21.875 → 21.88, IVA 30 % of 187.50 = 56.25; liquidación 001-001-000000031 (80.00 at 0 %), renta 3440 at
 * 2.75 % of 80.00 = 2.20. Total retenido 80.33.
 */

const ESQUEMAS = path.resolve(import.meta.dirname, '../../server/modules/comprobantes/esquemas');
const ARCHIVO = 'ComprobanteRetencion_V2.0.0.xsd';
const DS = 'http://www.w3.org/2000/09/xmldsig#';

const codigo = (id: number, impuesto: string, c: string, porcentaje: string): CodigoRetencionVigente => ({
  id,
  impuesto,
  codigo: c,
  porcentaje,
  desde: '2026-03-01',
  hasta: null,
});

const datos = (): DatosRetencion => ({
  emisor: {
    ruc: '1792060346001',
    razonSocial: 'DISTRIBUIDORA PÉREZ & HIJOS CÍA. LTDA.',
    nombreComercial: 'Distribuidora Pérez',
    direccionMatriz: 'Av. 10 de Agosto N24-56 y Cordero, Quito',
    direccionEstablecimiento: 'Av. Amazonas N34-120 y Atahualpa, Quito',
    obligadoContabilidad: true,
    contribuyenteEspecial: '5368',
    agenteRetencion: 'NAC-DNCRASC20-00000001',
  },
  ambiente: '1',
  establecimiento: 1,
  puntoEmision: '002',
  secuencial: 15,
  codigoNumerico: '12345678',
  fecha: '2026-04-03',
  comprador: {
    tipoIdentificacion: '04',
    identificacion: '1790016919001',
    razonSocial: 'CONSTRUCTORA LOS ANDES S.A.',
    direccion: 'Calle Bolívar 8-45 y Presidente Córdova, Cuenca',
    email: ['facturacion@losandes.ec'],
  },
  camposAdicionales: [{ nombre: 'Observación', valor: 'Retención <marzo> & abril' }],
  sustentos: [
    {
      codSustento: '01',
      documento: {
        codDoc: '01',
        numero: '001-002-000004567',
        fecha: '2026-04-01',
        autorizacion: '0104202601179001691900120010020000045671234567813',
        totalSinImpuestos: '1250',
        iva: '187.5',
        importeTotal: '1437.50',
        impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '1250.00', valor: '187.50' }],
        pagos: [{ formaPago: '20', total: '1437.50' }],
      },
      retenciones: [
        { codigo: codigo(1, '1', '312', '1.75'), base: '1250' },
        { codigo: codigo(2, '2', '1', '30'), base: '187.50' },
      ],
    },
    {
      codSustento: '02',
      documento: {
        codDoc: '03',
        numero: '001-001-000000031',
        fecha: '2026-03-30',
        autorizacion: '3003202603179206034600110010010000000311234567811',
        totalSinImpuestos: '80.00',
        iva: '0.00',
        importeTotal: '80.00',
        impuestos: [{ codigo: '2', codigoPorcentaje: '0', tarifa: '0.00', baseImponible: '80.00', valor: '0.00' }],
        pagos: [],
      },
      retenciones: [{ codigo: codigo(3, '1', '3440', '2.75'), base: 80 }],
    },
  ],
});

function retencion() {
  const r = armarRetencion(datos());
  if (!r.ok) throw new Error(r.errores.map((e) => e.mensaje).join('\n'));
  return r.comprobante;
}

function xmllint(xml: string, ...opciones: string[]) {
  const r = spawnSync('xmllint', [...opciones, '-'], { input: xml, encoding: 'utf8' });
  return { ok: r.status === 0, salida: r.stdout, errores: r.stderr };
}
const esquema = (xml: string) => xmllint(xml, '--noout', '--schema', path.join(ESQUEMAS, ARCHIVO));
const leer = (xml: string, xpath: string) => xmllint(xml, '--xpath', `string(${xpath})`).salida.replace(/\n$/, '');

describe('the comprobante de retención as XML', () => {
  it("is accepted by xmllint against the SRI's schema and by the core's validator", async () => {
    const documento = retencionXml(retencion());
    const r = esquema(documento);
    expect(r.errores).toContain('validates');
    expect(r.ok, r.errores).toBe(true);
    expect(await validarComprobante(documento, ARCHIVO)).toEqual({ valido: true });
  });

  it('is the declaration and one compact line, the root with id="comprobante" version 2.0.0, the same bytes every time', () => {
    const documento = retencionXml(retencion());
    const [declaracion, cuerpo, ...resto] = documento.split('\n');
    expect(declaracion).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(resto).toEqual([]);
    expect(cuerpo).toMatch(/^<comprobanteRetencion id="comprobante" version="2\.0\.0"><infoTributaria>/);
    expect(cuerpo).not.toMatch(/>\s+</);
    expect(retencionXml(retencion())).toBe(documento);
  });

  it('carries the sujeto retenido, the fiscal period and each support document with its taxes, withholdings and payments', () => {
    const documento = retencionXml(retencion());
    const info = (campo: string) => leer(documento, `/comprobanteRetencion/infoCompRetencion/${campo}`);
    const doc = (n: number, campo: string) => leer(documento, `/comprobanteRetencion/docsSustento/docSustento[${n}]/${campo}`);
    expect(leer(documento, '/comprobanteRetencion/infoTributaria/codDoc')).toBe('07');
    expect(leer(documento, '/comprobanteRetencion/infoTributaria/claveAcceso')).toMatch(
      /^030420260717920603460011001002000000015123456781\d$/,
    );
    expect(leer(documento, '/comprobanteRetencion/infoTributaria/agenteRetencion')).toBe('1');
    expect(info('fechaEmision')).toBe('03/04/2026');
    expect(info('tipoIdentificacionSujetoRetenido')).toBe('04');
    expect(info('parteRel')).toBe('NO');
    expect(info('razonSocialSujetoRetenido')).toBe('CONSTRUCTORA LOS ANDES S.A.');
    expect(info('identificacionSujetoRetenido')).toBe('1790016919001');
    expect(info('periodoFiscal')).toBe('04/2026');
    expect(leer(documento, 'count(/comprobanteRetencion/infoCompRetencion/tipoSujetoRetenido)')).toBe('0');

    expect(doc(1, 'codSustento')).toBe('01');
    expect(doc(1, 'codDocSustento')).toBe('01');
    expect(doc(1, 'numDocSustento')).toBe('001002000004567');
    expect(doc(1, 'fechaEmisionDocSustento')).toBe('01/04/2026');
    expect(doc(1, 'numAutDocSustento')).toBe('0104202601179001691900120010020000045671234567813');
    expect(doc(1, 'pagoLocExt')).toBe('01');
    expect(doc(1, 'totalSinImpuestos')).toBe('1250.00');
    expect(doc(1, 'importeTotal')).toBe('1437.50');
    expect(doc(1, 'impuestosDocSustento/impuestoDocSustento/tarifa')).toBe('15');
    expect(doc(1, 'impuestosDocSustento/impuestoDocSustento/valorImpuesto')).toBe('187.50');
    const c = retencion();
    expect(c.docsSustento[0]!.retenciones).toEqual([
      { codigo: '1', codigoRetencion: '312', baseImponible: '1250.00', porcentajeRetener: '1.75', valorRetenido: '21.88' },
      { codigo: '2', codigoRetencion: '1', baseImponible: '187.50', porcentajeRetener: '30', valorRetenido: '56.25' },
    ]);
    // The liquidación: codDoc 03, and a payment of its total when it carries none.
    expect(doc(2, 'codDocSustento')).toBe('03');
    expect(c.docsSustento[1]!.retenciones).toEqual([
      { codigo: '1', codigoRetencion: '3440', baseImponible: '80.00', porcentajeRetener: '2.75', valorRetenido: '2.20' },
    ]);
    expect(c.docsSustento[1]!.pagos).toEqual([{ formaPago: '20', total: '80.00' }]);
    expect(leer(documento, '/comprobanteRetencion/infoAdicional/campoAdicional[@nombre="Email"]')).toBe('facturacion@losandes.ec');
    expect(leer(documento, '/comprobanteRetencion/infoAdicional/campoAdicional[@nombre="Observación"]')).toBe('Retención <marzo> & abril');
  });

  it('is refused by the schema when an element is out of the order the SRI gives', () => {
    const documento = retencionXml(retencion());
    const cambiado = documento.replace(/(<parteRel>NO<\/parteRel>)(<razonSocialSujetoRetenido>[^<]+<\/razonSocialSujetoRetenido>)/, '$2$1');
    expect(cambiado).not.toBe(documento);
    expect(esquema(cambiado).ok).toBe(false);
  });

  it('reads back from its XML as it was built, and prints each withholding and TOTAL RETENIDO on its RIDE', async () => {
    const c = retencion();
    const leida = await leerComprobanteXml<ComprobanteRetencion>(retencionXml(c));
    expect(leida.docsSustento).toEqual(c.docsSustento);
    const cuerpo = cuerpoRetencion(leida);
    expect(cuerpo.receptor).toEqual([
      ['Razón Social / Nombres y Apellidos:', 'CONSTRUCTORA LOS ANDES S.A.'],
      ['Identificación:', '1790016919001'],
      ['Fecha Emisión:', '03/04/2026'],
      ['Período fiscal:', '04/2026'],
    ]);
    expect(cuerpo.tabla.columnas.map((col) => col.titulo)).toEqual([
      'Comprobante',
      'Número',
      'Fecha emisión',
      'Ejercicio fiscal',
      'Base imponible',
      'Impuesto',
      'Código',
      'Porcentaje',
      'Valor retenido',
    ]);
    expect(cuerpo.tabla.filas).toEqual([
      ['FACTURA', '001-002-000004567', '01/04/2026', '04/2026', '1250.00', 'RENTA', '312', '1.75 %', '21.88'],
      ['FACTURA', '001-002-000004567', '01/04/2026', '04/2026', '187.50', 'IVA', '1', '30 %', '56.25'],
      ['LIQUIDACIÓN DE COMPRA', '001-001-000000031', '30/03/2026', '04/2026', '80.00', 'RENTA', '3440', '2.75 %', '2.20'],
    ]);
    expect(cuerpo.totales).toEqual([
      ['RENTA RETENIDA', '24.08'],
      ['IVA RETENIDO', '56.25'],
      ['TOTAL RETENIDO', '80.33'],
    ]);
  });
});

describe('the comprobante de retención signed with XAdES-BES', () => {
  let certs: CertificadosPrueba;
  let certificado: Certificado;
  let firmado: string;
  let archivos = 0;

  beforeAll(() => {
    certs = crearCertificadosPrueba();
    certificado = abrirCertificado(certs.legacy, CLAVE_P12);
    firmado = firmarXml(retencionXml(retencion()), certificado, new Date(Date.now() + 60_000));
  });
  afterAll(() => certs?.limpiar());

  function xmlsec(documento: string) {
    const file = join(certs.dir, `retencion-${++archivos}.xml`);
    writeFileSync(file, documento);
    const run = spawnSync(
      'xmlsec1',
      ['--verify', '--trusted-pem', certs.caPem, '--id-attr:id', 'comprobanteRetencion', '--enabled-key-data', 'x509', file],
      { encoding: 'utf8' },
    );
    return { ok: run.status === 0, salida: run.stderr };
  }
  function xmlCrypto(documento: string): boolean {
    const doc = new DOMParser().parseFromString(documento, 'text/xml');
    const verifier = new SignedXml({ publicCert: readFileSync(certs.firmaPem) });
    verifier.loadSignature(doc.getElementsByTagNameNS(DS, 'Signature')[0]);
    try {
      return verifier.checkSignature(documento) && verifier.getSignedReferences().length === 3;
    } catch {
      return false;
    }
  }

  it('is accepted by xmlsec1 and xml-crypto, all three references verified', () => {
    const r = xmlsec(firmado);
    expect(r.ok, r.salida).toBe(true);
    expect(r.salida).toContain('SignedInfo References (ok/all): 3/3');
    expect(xmlCrypto(firmado)).toBe(true);
    expect(firmado).toMatch(/<\/ds:Signature><\/comprobanteRetencion>$/);
  });

  it('is refused by both once one signed character changes', () => {
    // One cent more withheld: inside the document the third reference digests.
    const cambiado = firmado.replace('<valorRetenido>56.25<', '<valorRetenido>56.26<');
    expect(cambiado).not.toBe(firmado);
    expect(xmlsec(cambiado).ok).toBe(false);
    expect(xmlCrypto(cambiado)).toBe(false);
  });
});
