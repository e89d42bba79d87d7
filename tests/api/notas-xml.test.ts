import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatosComunes } from '../../domain/comprobantes/datos-comunes';
import { armarNotaCredito, type DatosNotaCredito } from '../../domain/notasCredito';
import { armarNotaDebito, type DatosNotaDebito } from '../../domain/notasDebito';
import { abrirCertificado, type Certificado } from '../../server/modules/firmas/certificado';
import { firmarXml, validarComprobante } from '../../server/modules/comprobantes';
import { notaCreditoXml } from '../../server/modules/notasCredito/xml';
import { notaDebitoXml } from '../../server/modules/notasDebito/xml';
import { cuerpoNotaCredito } from '../../server/modules/notasCredito/ride-cuerpo';
import { cuerpoNotaDebito } from '../../server/modules/notasDebito/ride-cuerpo';
import { CLAVE_P12, crearCertificadosPrueba, type CertificadosPrueba } from '../helpers/certificados';

/**
 * The two notes as the SRI receives them: built from the same kind of data the server reads (the demo company, a
 * buyer with a RUC, the invoice they modify), written as XML that Debian's xmllint accepts against the SRI's own
 * schemas (NotaCredito_V1.1.0.xsd, NotaDebito_V1.0.0.xsd), and signed with the core's XAdES-BES so that xmlsec1 and
 * xml-crypto, which share no code with the signer, accept them and refuse them once one signed character changes.
 *
 * Amounts computed by hand:
 *   crédito  line 1  2 × 40.00 − 10.00 = 70.00, IVA 15 % 10.50 · line 2 1.5 × 3.333333 = 4.9999995 → 5.00, IVA 5 % 0.25
 *            line 3  3 × 12.50 − 2.50 = 35.00, IVA 0 % · totalSinImpuestos 110.00 · valorModificacion 120.75
 *   débito   10.10 + 5.05 at 15 %: base 15.15, IVA 2.2725 → 2.27 · 3.00 at 0 % · totalSinImpuestos 18.15 · valorTotal 20.42
 */

const ESQUEMAS = path.resolve(import.meta.dirname, '../../server/modules/comprobantes/esquemas');
const DS = 'http://www.w3.org/2000/09/xmldsig#';

const comunes = (secuencial: number): DatosComunes => ({
  emisor: {
    ruc: '1792060346001',
    razonSocial: 'DISTRIBUIDORA PÉREZ & HIJOS CÍA. LTDA.',
    nombreComercial: 'Distribuidora Pérez',
    direccionMatriz: 'Av. 10 de Agosto N24-56 y Cordero, Quito',
    direccionEstablecimiento: 'Av. Amazonas N34-120 y Atahualpa, Quito',
    obligadoContabilidad: true,
    contribuyenteEspecial: '5368',
    regimenRimpe: 'CONTRIBUYENTE RÉGIMEN RIMPE',
  },
  ambiente: '1',
  establecimiento: 1,
  puntoEmision: '002',
  secuencial,
  codigoNumerico: '12345678',
  fecha: '2026-03-20',
  comprador: {
    tipoIdentificacion: '04',
    identificacion: '1790016919001',
    razonSocial: 'CONSTRUCTORA LOS ANDES S.A.',
    direccion: 'Calle Bolívar 8-45 y Presidente Córdova, Cuenca',
    email: ['compras@losandes.ec', 'contabilidad@losandes.ec'],
  },
  camposAdicionales: [{ nombre: 'Observación', valor: 'Devolución <parcial> & ajuste "de precio"' }],
});

const datosCredito = (): DatosNotaCredito => ({
  ...comunes(7),
  documentoModificado: { numero: '001-001-000000123', fecha: '2025-04-15' },
  motivo: 'Devolución de mercadería & descuento comercial',
  lineas: [
    {
      codigoPrincipal: 'SERV-001',
      descripcion: 'Asesoría contable (horas)',
      cantidad: 2,
      precioUnitario: '40',
      descuento: '10',
      codigoPorcentaje: '4',
      detallesAdicionales: [{ nombre: 'Periodo', valor: 'Marzo & abril' }],
    },
    {
      codigoPrincipal: 'CEM-50',
      codigoAuxiliar: '7861234500012',
      descripcion: 'Cemento',
      cantidad: '1.5',
      precioUnitario: '3.333333',
      codigoPorcentaje: '5',
    },
    { descripcion: 'Libros <técnicos>', cantidad: 3, precioUnitario: '12.50', descuento: '2.50', codigoPorcentaje: '0' },
  ],
});

const datosDebito = (): DatosNotaDebito => ({
  ...comunes(8),
  documentoModificado: { numero: '1-1-123', fecha: '2025-04-15' },
  motivos: [
    { razon: 'Intereses por mora & gastos <bancarios>', valor: '10.10', iva: '4' },
    { razon: 'Gastos de cobranza', valor: '5.05', iva: '4' },
    { razon: 'Flete', valor: 3, iva: '0' },
  ],
  pagos: [
    { formaPago: '01', total: '10.42' },
    { formaPago: '19', total: '10.00', plazo: 30, unidadTiempo: 'dias' },
  ],
});

function notaCredito() {
  const r = armarNotaCredito(datosCredito());
  if (!r.ok) throw new Error(r.errores.map((e) => e.mensaje).join('\n'));
  return r.comprobante;
}
function notaDebito() {
  const r = armarNotaDebito(datosDebito());
  if (!r.ok) throw new Error(r.errores.map((e) => e.mensaje).join('\n'));
  return r.comprobante;
}

/** Debian's xmllint, a separate build of libxml2: the independent judge of what we generate. */
function xmllint(xml: string, ...opciones: string[]) {
  const r = spawnSync('xmllint', [...opciones, '-'], { input: xml, encoding: 'utf8' });
  return { ok: r.status === 0, salida: r.stdout, errores: r.stderr };
}
const esquema = (archivo: string) => (xml: string) => xmllint(xml, '--noout', '--schema', path.join(ESQUEMAS, archivo));
const TIPOS = [
  { nombre: 'nota de crédito', raiz: 'notaCredito', archivo: 'NotaCredito_V1.1.0.xsd', xml: () => notaCreditoXml(notaCredito()) },
  { nombre: 'nota de débito', raiz: 'notaDebito', archivo: 'NotaDebito_V1.0.0.xsd', xml: () => notaDebitoXml(notaDebito()) },
] as const;
const leer = (xml: string, xpath: string) => xmllint(xml, '--xpath', `string(${xpath})`).salida.replace(/\n$/, '');

describe.each(TIPOS)('the $nombre as XML', ({ raiz, archivo, xml }) => {
  it("is accepted by xmllint against the SRI's schema and by the core's validator", async () => {
    const documento = xml();
    const r = esquema(archivo)(documento);
    expect(r.errores).toContain('validates');
    expect(r.ok, r.errores).toBe(true);
    expect(await validarComprobante(documento, archivo)).toEqual({ valido: true });
  });

  it('is the declaration and one compact line, the root with id="comprobante", the same bytes every time', () => {
    const documento = xml();
    const [declaracion, cuerpo, ...resto] = documento.split('\n');
    expect(declaracion).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(resto).toEqual([]);
    expect(cuerpo).toMatch(new RegExp(`^<${raiz} id="comprobante" version="1\\.[01]\\.0"><infoTributaria>`));
    expect(cuerpo).not.toMatch(/>\s+</);
    expect(xml()).toBe(documento);
  });

  it('escapes what the user typed, which comes back unchanged', () => {
    const documento = xml();
    expect(leer(documento, `/${raiz}/infoTributaria/razonSocial`)).toBe('DISTRIBUIDORA PÉREZ & HIJOS CÍA. LTDA.');
    expect(leer(documento, `/${raiz}/infoAdicional/campoAdicional[@nombre="Observación"]`)).toBe(
      'Devolución <parcial> & ajuste "de precio"',
    );
    expect(leer(documento, `/${raiz}/infoAdicional/campoAdicional[@nombre="Email"]`)).toBe('compras@losandes.ec, contabilidad@losandes.ec');
  });

  it('is refused by the schema when an element is out of the order the SRI gives', () => {
    const documento = xml();
    const cambiado = documento.replace(/(<codDocModificado>01<\/codDocModificado>)(<numDocModificado>[^<]+<\/numDocModificado>)/, '$2$1');
    expect(cambiado).not.toBe(documento);
    expect(esquema(archivo)(cambiado).ok).toBe(false);
  });
});

describe('the nota de crédito', () => {
  it('carries the invoice it modifies, the reason, and totals that add up as the SRI checks them', () => {
    const c = notaCredito();
    const documento = notaCreditoXml(c);
    const info = (campo: string) => leer(documento, `/notaCredito/infoNotaCredito/${campo}`);
    expect(leer(documento, '/notaCredito/infoTributaria/codDoc')).toBe('04');
    expect(leer(documento, '/notaCredito/infoTributaria/claveAcceso')).toMatch(/^200320260417920603460011001002000000007123456781\d$/);
    expect(info('codDocModificado')).toBe('01');
    expect(info('numDocModificado')).toBe('001-001-000000123');
    expect(info('fechaEmisionDocSustento')).toBe('15/04/2025');
    expect(info('fechaEmision')).toBe('20/03/2026');
    expect(info('motivo')).toBe('Devolución de mercadería & descuento comercial');
    expect(info('totalSinImpuestos')).toBe('110.00');
    expect(info('valorModificacion')).toBe('120.75');
    expect(info('moneda')).toBe('DOLAR');
    expect(info('contribuyenteEspecial')).toBe('5368');
    expect(c.infoNotaCredito.totalConImpuestos).toEqual([
      { codigo: '2', codigoPorcentaje: '4', baseImponible: '70.00', valor: '10.50' },
      { codigo: '2', codigoPorcentaje: '5', baseImponible: '5.00', valor: '0.25' },
      { codigo: '2', codigoPorcentaje: '0', baseImponible: '35.00', valor: '0.00' },
    ]);
    expect(c.detalles.map((d) => [d.codigoInterno, d.codigoAdicional, d.cantidad, d.precioTotalSinImpuesto])).toEqual([
      ['SERV-001', undefined, '2.000000', '70.00'],
      ['CEM-50', '7861234500012', '1.500000', '5.00'],
      [undefined, undefined, '3.000000', '35.00'],
    ]);
    expect(leer(documento, '/notaCredito/detalles/detalle[1]/detallesAdicionales/detAdicional/@valor')).toBe('Marzo & abril');
    expect(leer(documento, '/notaCredito/detalles/detalle[3]/descripcion')).toBe('Libros <técnicos>');
  });

  it('prints the buyer, the invoice, the reason, the lines and the totals on its RIDE', () => {
    const cuerpo = cuerpoNotaCredito(notaCredito());
    expect(cuerpo.receptor).toEqual([
      ['Razón Social / Nombres y Apellidos:', 'CONSTRUCTORA LOS ANDES S.A.'],
      ['Identificación:', '1790016919001'],
      ['Fecha Emisión:', '20/03/2026'],
    ]);
    expect(cuerpo.modificado).toEqual([
      ['Comprobante que se modifica:', 'FACTURA 001-001-000000123'],
      ['Fecha Emisión (Comprobante a modificar):', '15/04/2025'],
      ['Razón de Modificación:', 'Devolución de mercadería & descuento comercial'],
    ]);
    expect(cuerpo.tabla.columnas.map((c) => c.titulo)).toEqual([
      'Cod. Principal',
      'Cod. Auxiliar',
      'Cantidad',
      'Descripción',
      'Precio Unitario',
      'Descuento',
      'Precio Total',
    ]);
    expect(cuerpo.tabla.filas[0]).toEqual(['SERV-001', '', '2.00', 'Asesoría contable (horas)', '40.00', '10.00', '70.00']);
    expect(cuerpo.tabla.adicionales?.textos[0]).toBe('Periodo: Marzo & abril');
    expect(Object.fromEntries(cuerpo.totales)).toMatchObject({
      'SUBTOTAL 15 %': '70.00',
      'SUBTOTAL 5 %': '5.00',
      'SUBTOTAL 0 %': '35.00',
      'SUBTOTAL SIN IMPUESTOS': '110.00',
      'TOTAL DESCUENTO': '12.50',
      'IVA 15 %': '10.50',
      'IVA 5 %': '0.25',
    });
    expect(cuerpo.totales.at(-1)).toEqual(['VALOR TOTAL', '120.75']);
    expect(cuerpo.pagos).toBeUndefined();
  });
});

describe('the nota de débito', () => {
  it('carries the invoice it modifies, its reasons, taxes per rate and payments', () => {
    const c = notaDebito();
    const documento = notaDebitoXml(c);
    const info = (campo: string) => leer(documento, `/notaDebito/infoNotaDebito/${campo}`);
    expect(leer(documento, '/notaDebito/infoTributaria/codDoc')).toBe('05');
    expect(info('numDocModificado')).toBe('001-001-000000123');
    expect(info('totalSinImpuestos')).toBe('18.15');
    expect(info('valorTotal')).toBe('20.42');
    expect(c.infoNotaDebito.impuestos).toEqual([
      { codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '15.15', valor: '2.27' },
      { codigo: '2', codigoPorcentaje: '0', tarifa: '0.00', baseImponible: '3.00', valor: '0.00' },
    ]);
    expect(c.infoNotaDebito.pagos).toEqual([
      { formaPago: '01', total: '10.42' },
      { formaPago: '19', total: '10.00', plazo: '30', unidadTiempo: 'dias' },
    ]);
    expect(leer(documento, '/notaDebito/motivos/motivo[1]/razon')).toBe('Intereses por mora & gastos <bancarios>');
    expect(leer(documento, 'count(/notaDebito/motivos/motivo)')).toBe('3');
    expect(c.motivos.map((m) => m.valor)).toEqual(['10.10', '5.05', '3.00']);
  });

  it('prints the invoice, the reasons with their values, the totals and the payments on its RIDE', () => {
    const cuerpo = cuerpoNotaDebito(notaDebito());
    expect(cuerpo.modificado).toEqual([
      ['Comprobante que se modifica:', 'FACTURA 001-001-000000123'],
      ['Fecha Emisión (Comprobante a modificar):', '15/04/2025'],
    ]);
    expect(cuerpo.tabla.columnas.map((c) => c.titulo)).toEqual(['Razón de la modificación', 'Valor de la modificación']);
    expect(cuerpo.tabla.filas).toEqual([
      ['Intereses por mora & gastos <bancarios>', '10.10'],
      ['Gastos de cobranza', '5.05'],
      ['Flete', '3.00'],
    ]);
    expect(Object.fromEntries(cuerpo.totales)).toMatchObject({ 'SUBTOTAL 15 %': '15.15', 'SUBTOTAL 0 %': '3.00', 'IVA 15 %': '2.27' });
    expect(cuerpo.totales.at(-1)).toEqual(['VALOR TOTAL', '20.42']);
    expect(cuerpo.pagos).toEqual([
      ['SIN UTILIZACIÓN DEL SISTEMA FINANCIERO', '10.42', ''],
      ['TARJETA DE CRÉDITO', '10.00', '30 días'],
    ]);
  });
});

describe.each(TIPOS)('the $nombre signed with XAdES-BES', ({ raiz, xml }) => {
  let certs: CertificadosPrueba;
  let certificado: Certificado;
  let firmado: string;
  let archivos = 0;

  beforeAll(() => {
    certs = crearCertificadosPrueba();
    certificado = abrirCertificado(certs.legacy, CLAVE_P12);
    firmado = firmarXml(xml(), certificado, new Date(Date.now() + 60_000));
  });
  afterAll(() => certs?.limpiar());

  /** xmlsec1 with the key taken only from the X509 certificate, which must chain to the test CA. */
  function xmlsec(documento: string) {
    const file = join(certs.dir, `${raiz}-${++archivos}.xml`);
    writeFileSync(file, documento);
    const run = spawnSync('xmlsec1', ['--verify', '--trusted-pem', certs.caPem, '--id-attr:id', raiz, '--enabled-key-data', 'x509', file], {
      encoding: 'utf8',
    });
    return { ok: run.status === 0, salida: run.stderr };
  }
  /** xml-crypto with the signing certificate pinned: a valid signature by any other key is a refusal. */
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
    expect(firmado).toMatch(new RegExp(`</ds:Signature></${raiz}>$`));
  });

  it('is refused by both once one signed character changes', () => {
    // The last digit of the buyer's identification: inside the document the third reference digests.
    const cambiado = firmado.replace('<identificacionComprador>1790016919001<', '<identificacionComprador>1790016919002<');
    expect(cambiado).not.toBe(firmado);
    expect(xmlsec(cambiado).ok).toBe(false);
    expect(xmlCrypto(cambiado)).toBe(false);
  });
});
