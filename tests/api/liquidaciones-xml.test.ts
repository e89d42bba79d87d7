import { spawnSync } from 'node:child_process';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, startTestApp, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { darPlan, puntoPrincipal } from '../helpers/facturas-api';
import { carpetaTemporal, esquemaSri } from '../helpers/archivos';
import { proveedores } from '../../server/infra/db/schema';
import { calcularLiquidacion } from '../../domain/liquidacionesCompra';
import { hoyEcuador } from '../../domain/fechas';
import type { LiquidacionCompraBorrador, LiquidacionCompraDetalle } from '../../domain/contratos/liquidacionesCompra';

/**
 * The liquidación de compra as the server issues it (POST /api/liquidacionesCompra/:id/emitir, the seed's demo
 * signature): Debian's xmllint accepts it against the SRI's LiquidacionCompra_V1.1.0.xsd for each kind of purchase (two
 * IVA rates with a discount, 0 % only, several payments with terms, a passport holder, a supplier of the exterior, a
 * supplier's credit days), and xmlsec1 and xml-crypto, which share no code with the signer, verify its signature and
 * refuse it once one signed character changes.
 */
const ESQUEMA = esquemaSri('LiquidacionCompra_V1.1.0.xsd');
const carpeta = carpetaTemporal('liquidaciones-xml-');
const DS = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * xmlsec1 with the key of the X509 certificate the document carries. The seed's demo certificate chains to a CA made in
 * memory for the process, which xmlsec1 cannot be given: --insecure skips the chain, not the signature.
 */
function xmlsec(xml: string) {
  const archivo = carpeta.guardar('liquidacion-firmada.xml', xml);
  const run = spawnSync('xmlsec1', ['--verify', '--insecure', '--id-attr:id', 'liquidacionCompra', '--enabled-key-data', 'x509', archivo], {
    encoding: 'utf8',
  });
  return { ok: run.status === 0, salida: run.stderr };
}

/** xml-crypto with the certificate the signature carries: every reference must verify. */
function xmlCrypto(xml: string): boolean {
  const verificador = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
  verificador.loadSignature(new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagNameNS(DS, 'Signature')[0]!);
  try {
    return verificador.checkSignature(xml) && verificador.getSignedReferences().length === 3;
  } catch {
    return false;
  }
}

/** The text of the first element `nombre` of the document. */
const valor = (xml: string, nombre: string) => new RegExp(`<${nombre}>([^<]*)</${nombre}>`).exec(xml)?.[1];

type Caso = {
  nombre: string;
  proveedor: Partial<typeof proveedores.$inferInsert> & { PRV_TIPO_IDENTIFICACION: string; PRV_IDENTIFICACION: string };
  lineas: LiquidacionCompraBorrador['lineas'];
  /** Without `total` the payment takes what is left of the total. */
  pagos: Array<Omit<LiquidacionCompraBorrador['pagos'][number], 'FPA_TOTAL'> & { FPA_TOTAL?: string }>;
  /** What the XML must carry, element by element (the first of each name). */
  espera: Record<string, string>;
  /** The payments as the XML writes them. */
  pagosXml: string;
};

const CASOS: Caso[] = [
  {
    nombre: 'two IVA rates and a discount, cash and a term (cédula)',
    proveedor: { PRV_TIPO_IDENTIFICACION: '05', PRV_IDENTIFICACION: '1710034065', PRV_RAZON_SOCIAL: 'JOSÉ ÑAUPARI & HIJOS' },
    lineas: [
      { FDE_PRINCIPAL: 'CAC-01', FDE_DESCRIPCION: 'Cacao en grano (quintal)', FDE_CANTIDAD: 10, FDE_PRECIO: '12', FDE_IVA: '0' },
      { FDE_DESCRIPCION: 'Flete <a bodega>', FDE_CANTIDAD: '2', FDE_PRECIO: '25', FDE_DESCUENTO: '5', FDE_IVA: '4' },
    ],
    // 120.00 + 45.00 + 6.75 = 171.75
    pagos: [
      { FPA_FORMA: '01', FPA_TOTAL: '71.75' },
      { FPA_FORMA: '20', FPA_PLAZO: 30, FPA_UNIDAD: 'dias' },
    ],
    espera: {
      tipoIdentificacionProveedor: '05',
      razonSocialProveedor: 'JOSÉ ÑAUPARI &amp; HIJOS',
      totalSinImpuestos: '165.00',
      totalDescuento: '5.00',
      importeTotal: '171.75',
    },
    pagosXml:
      '<pagos><pago><formaPago>01</formaPago><total>71.75</total></pago><pago><formaPago>20</formaPago><total>100.00</total><plazo>30</plazo><unidadTiempo>dias</unidadTiempo></pago></pagos>',
  },
  {
    nombre: 'IVA 0 % only, from a passport holder',
    proveedor: { PRV_TIPO_IDENTIFICACION: '06', PRV_IDENTIFICACION: 'XK998877', PRV_RAZON_SOCIAL: 'ANA GÓMEZ', PRV_DIRECCION: null },
    lineas: [{ FDE_DESCRIPCION: 'Maíz duro (quintal)', FDE_CANTIDAD: '3.5', FDE_PRECIO: '16.40', FDE_IVA: '0' }],
    pagos: [{ FPA_FORMA: '01' }],
    espera: { tipoIdentificacionProveedor: '06', identificacionProveedor: 'XK998877', totalSinImpuestos: '57.40', importeTotal: '57.40' },
    pagosXml: '<pagos><pago><formaPago>01</formaPago><total>57.40</total></pago></pagos>',
  },
  {
    nombre: 'a service from abroad (08), paid by transfer in two terms',
    proveedor: {
      PRV_TIPO_IDENTIFICACION: '08',
      PRV_IDENTIFICACION: 'US-EIN-98-7654321',
      PRV_RAZON_SOCIAL: 'CLOUD TOOLS LLC',
      PRV_DIRECCION: '500 Market St, San Francisco, CA',
    },
    lineas: [
      { FDE_PRINCIPAL: 'SAAS-12', FDE_DESCRIPCION: 'Licencia anual de software', FDE_CANTIDAD: 1, FDE_PRECIO: '1200', FDE_IVA: '4' },
      { FDE_DESCRIPCION: 'Soporte técnico remoto (horas)', FDE_CANTIDAD: 4, FDE_PRECIO: '37.5', FDE_DESCUENTO: '10', FDE_IVA: '4' },
    ],
    // 1200.00 + 140.00 = 1340.00 at 15 %: 201.00; 1541.00
    pagos: [
      { FPA_FORMA: '20', FPA_TOTAL: '770.50', FPA_PLAZO: 1, FPA_UNIDAD: 'meses' },
      { FPA_FORMA: '20', FPA_PLAZO: 2, FPA_UNIDAD: 'meses' },
    ],
    espera: {
      tipoIdentificacionProveedor: '08',
      identificacionProveedor: 'US-EIN-98-7654321',
      direccionProveedor: '500 Market St, San Francisco, CA',
      totalDescuento: '10.00',
      importeTotal: '1541.00',
    },
    pagosXml:
      '<pagos><pago><formaPago>20</formaPago><total>770.50</total><plazo>1</plazo><unidadTiempo>meses</unidadTiempo></pago><pago><formaPago>20</formaPago><total>770.50</total><plazo>2</plazo><unidadTiempo>meses</unidadTiempo></pago></pagos>',
  },
  {
    nombre: 'three rates (15 %, 5 %, 0 %), the supplier’s credit days as the term',
    proveedor: { PRV_TIPO_IDENTIFICACION: '05', PRV_IDENTIFICACION: '0926687856', PRV_RAZON_SOCIAL: 'LUIS CEDEÑO', PRV_DIAS_CREDITO: 15 },
    lineas: [
      { FDE_DESCRIPCION: 'Reparación de techo', FDE_CANTIDAD: 1, FDE_PRECIO: '80', FDE_IVA: '4' },
      { FDE_DESCRIPCION: 'Materiales de construcción', FDE_CANTIDAD: '1.5', FDE_PRECIO: '3.333333', FDE_IVA: '5' },
      { FDE_DESCRIPCION: 'Plátano verde (racimo)', FDE_CANTIDAD: 6, FDE_PRECIO: '4.25', FDE_DESCUENTO: '1.50', FDE_IVA: '0' },
    ],
    // 80.00 (12.00) + 5.00 (0.25) + 24.00 → 109.00 + 12.25 = 121.25
    pagos: [{ FPA_FORMA: '20' }],
    espera: { totalSinImpuestos: '109.00', totalDescuento: '1.50', importeTotal: '121.25' },
    pagosXml:
      '<pagos><pago><formaPago>20</formaPago><total>121.25</total><plazo>15</plazo><unidadTiempo>dias</unidadTiempo></pago></pagos>',
  },
];

describe.each(testDatabases)('the liquidación de compra as issued (%s)', (kind) => {
  let t: TestApp;
  let tornillo: string;
  let empresa: number;
  let punto: number;
  /** The signed XML of each case, by its name. */
  const firmados = new Map<string, string>();

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/liquidacionesCompra${url}`, headers: { 'x-token': tornillo }, ...(payload ? { payload } : {}) });

  /** The case's draft as the form sends it: its payments fill the total, its totals the domain's own. */
  function borrador(caso: Caso, PRV_CODIGO: number): LiquidacionCompraBorrador {
    const entrada = caso.lineas.map((l) => ({
      cantidad: l.FDE_CANTIDAD,
      precioUnitario: l.FDE_PRECIO,
      descuento: l.FDE_DESCUENTO,
      codigoPorcentaje: l.FDE_IVA,
      descripcion: l.FDE_DESCRIPCION,
    }));
    const c = calcularLiquidacion(entrada, []);
    let resto = Number(c.importeTotal);
    const pagos = caso.pagos.map((p) => {
      const total = p.FPA_TOTAL ?? resto.toFixed(2);
      resto -= Number(total);
      return { ...p, FPA_TOTAL: total };
    });
    return {
      PEM_CODIGO: punto,
      PRV_CODIGO,
      FAC_FECHA: hoyEcuador(),
      lineas: caso.lineas,
      pagos,
      totalSinImpuestos: c.totalSinImpuestos,
      totalDescuento: c.totalDescuento,
      totalIva: c.totalIva,
      importeTotal: c.importeTotal,
    };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const b = await loginCompany(t, COMPANIES.tornillo);
    [tornillo, empresa] = [b.token, b.COM_CODIGO];
    punto = await puntoPrincipal(t, empresa);
    await darPlan(t, empresa, 50);
    for (const caso of CASOS) {
      const [prv] = await t.db
        .insert(proveedores)
        .values({ EMP_CODIGO: empresa, PRV_RAZON_SOCIAL: 'PROVEEDOR', PRV_CORREOS: ['proveedor@example.com'], ...caso.proveedor })
        .returning({ id: proveedores.PRV_CODIGO });
      const creada = await call('POST', '', borrador(caso, prv!.id));
      expect(creada.statusCode, `${caso.nombre}: ${creada.body}`).toBe(201);
      const id = (creada.json() as LiquidacionCompraDetalle).FAC_CODIGO;
      const emitida = await call('POST', `/${id}/emitir`);
      expect(emitida.statusCode, `${caso.nombre}: ${emitida.body}`).toBe(200);
      firmados.set(caso.nombre, (await call('GET', `/${id}/xml`)).body);
    }
  }, 120_000);
  afterAll(() => t?.close());

  it.each(CASOS)('$nombre: valid against the SRI’s schema, with its supplier, totals and payments', (caso) => {
    const xml = firmados.get(caso.nombre)!;
    const esquema = carpeta.esquemaAcepta(ESQUEMA, xml, 'liquidacion.xml');
    expect(esquema.ok, esquema.salida).toBe(true);
    expect(valor(xml, 'codDoc')).toBe('03');
    for (const [nombre, esperado] of Object.entries(caso.espera)) expect(valor(xml, nombre), nombre).toBe(esperado);
    expect(xml).toContain(caso.pagosXml);
    expect(xml).not.toContain('propina');
    if (caso.proveedor.PRV_DIRECCION === null) expect(xml).not.toContain('direccionProveedor');
  });

  it('is refused by the schema once an element leaves the order the SRI gives', () => {
    const xml = firmados.get(CASOS[0]!.nombre)!;
    const cambiado = xml.replace(
      /(<razonSocialProveedor>[^<]*<\/razonSocialProveedor>)(<identificacionProveedor>[^<]*<\/identificacionProveedor>)/,
      '$2$1',
    );
    expect(cambiado).not.toBe(xml);
    expect(carpeta.esquemaAcepta(ESQUEMA, cambiado).ok).toBe(false);
  });

  it.each(CASOS)('$nombre: its signature is verified by xmlsec1 and xml-crypto, all three references', (caso) => {
    const xml = firmados.get(caso.nombre)!;
    const r = xmlsec(xml);
    expect(r.ok, r.salida).toBe(true);
    expect(r.salida).toContain('SignedInfo References (ok/all): 3/3');
    expect(xmlCrypto(xml)).toBe(true);
    expect(xml).toMatch(/<\/ds:Signature><\/liquidacionCompra>$/);
  });

  it('is refused by both once one signed character changes: the supplier’s identification, or the total', () => {
    const xml = firmados.get(CASOS[0]!.nombre)!;
    for (const cambiado of [
      xml.replace('<identificacionProveedor>1710034065<', '<identificacionProveedor>1710034066<'),
      xml.replace('<importeTotal>171.75<', '<importeTotal>171.76<'),
    ]) {
      expect(cambiado).not.toBe(xml);
      expect(xmlsec(cambiado).ok).toBe(false);
      expect(xmlCrypto(cambiado)).toBe(false);
    }
  });
});
