import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestApp } from '../helpers/server';
import { tornilloConSri } from '../helpers/sri';
import { carpetaTemporal, esquemaSri, filasExcel } from '../helpers/archivos';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { usadosDelPlan } from '../helpers/facturas-api';
import { hashPassword } from '../../server/infra/passwords';
import { codigosRetencion, proveedores, usuarios } from '../../server/infra/db/schema';
import type { SriLocal } from '../../server/sri-local';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import type { RetencionDetalle } from '../../domain/contratos/retenciones';
import {
  LIQUIDACIONES_MSG,
  type LiquidacionCompraBorrador,
  type LiquidacionCompraDetalle,
} from '../../domain/contratos/liquidacionesCompra';
import { LIQUIDACION_MSG } from '../../domain/liquidacionesCompra';

/**
 * Liquidaciones de compra against the local SRI: a purchase from a person without RUC, computed as an invoice, issued,
 * signed, authorized, emailed to the supplier, paid from the plan; the supplier's rules, the totals' check, the XML
 * against the SRI's schema, the RIDE, the isolation between companies and the seller's 403; sent back DEVUELTA and
 * issued again with its number; the list's totals and export; no annulment under a live retención.
 * (The signature and more schema cases: liquidaciones-xml.test.ts.)
 */
const ESQUEMA = esquemaSri('LiquidacionCompra_V1.1.0.xsd');
const carpeta = carpetaTemporal('liquidaciones-');
const esquemaAcepta = (xml: string) => carpeta.esquemaAcepta(ESQUEMA, xml, 'liquidacion.xml');

describe.each(testDatabases)('liquidaciones de compra (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let andina: string;
  let empresa: number;
  let punto: number;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/liquidacionesCompra${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const proveedor = async (tipo: string, identificacion: string, extra: Partial<typeof proveedores.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(proveedores)
      .values({
        EMP_CODIGO: empresa,
        PRV_TIPO_IDENTIFICACION: tipo,
        PRV_IDENTIFICACION: identificacion,
        PRV_RAZON_SOCIAL: `Agricultor ${identificacion}`,
        PRV_DIRECCION: 'Recinto La Unión, Quevedo',
        PRV_CORREOS: ['agricultor@example.com'],
        ...extra,
      })
      .returning({ id: proveedores.PRV_CODIGO });
    return row!.id;
  };
  /** 10 quintales of cacao at 0 % and a freight at 15 %: 120.00 + 20.00 + 3.00 = 143.00. */
  const borrador = (PRV_CODIGO: number, extra: Partial<LiquidacionCompraBorrador> = {}): LiquidacionCompraBorrador => ({
    PEM_CODIGO: punto,
    PRV_CODIGO,
    FAC_FECHA: hoyEcuador(),
    lineas: [
      { FDE_DESCRIPCION: 'Cacao en grano (quintal)', FDE_CANTIDAD: 10, FDE_PRECIO: '12', FDE_IVA: '0' },
      { FDE_DESCRIPCION: 'Flete a bodega', FDE_CANTIDAD: 1, FDE_PRECIO: 20, FDE_IVA: '4' },
    ],
    pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '143.00' }],
    totalSinImpuestos: '140.00',
    totalDescuento: '0.00',
    totalIva: '3.00',
    importeTotal: '143.00',
    ...extra,
  });
  const usados = () => usadosDelPlan(t, empresa);
  const esperar = async (id: number, estados: string[]) => {
    const limite = Date.now() + 30_000;
    for (;;) {
      const l = (await call(tornillo, 'GET', `/${id}`)).json() as LiquidacionCompraDetalle;
      if (estados.includes(l.FAC_ESTADO) && l.FAC_ENTREGA !== 'PENDIENTE' && l.cola === null) return l;
      if (Date.now() > limite) throw new Error(`La liquidación ${id} no llegó a ${estados.join('/')}: ${l.FAC_ESTADO}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, andina, punto } = await tornilloConSri(kind, { cliente: 601, sri: { demoraAutorizacionMs: 50 } }));
  });
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  it('buys from a person with a cédula: computed as an invoice, signed, authorized, emailed to the supplier with XML and RIDE', async () => {
    const antes = await usados();
    const prv = await proveedor('05', '1710034065');
    const creada = await call(tornillo, 'POST', '/', borrador(prv));
    expect(creada.statusCode, creada.body).toBe(201);
    const draft = creada.json() as LiquidacionCompraDetalle;
    expect(draft).toMatchObject({
      FAC_ESTADO: 'BORRADOR',
      PRV_CODIGO: prv,
      PRV_TIPO_IDENTIFICACION: '05',
      FAC_TOTAL: '143.00',
      RETENCION: null,
    });
    expect(draft.subtotalesIva.map((s) => [s.codigoPorcentaje, s.baseImponible, s.valor])).toEqual([
      ['4', '20.00', '3.00'],
      ['0', '120.00', '0.00'],
    ]);

    const emitida = await call(tornillo, 'POST', `/${draft.FAC_CODIGO}/emitir`);
    expect(emitida.statusCode, emitida.body).toBe(200);
    const autorizada = await esperar(draft.FAC_CODIGO, ['AUTORIZADA']);
    expect(autorizada.FAC_CLAVE_ACCESO!.slice(8, 10)).toBe('03');
    expect(autorizada.FAC_NUMERO).toMatch(/^\d{3}-\d{3}-000000001$/);
    expect(autorizada.FAC_ENTREGA).toBe('ENVIADA');
    // The plan pays a liquidación as it pays an invoice: once, when the SRI authorizes it.
    expect(await usados()).toBe(antes + 1);

    const xml = (await call(tornillo, 'GET', `/${draft.FAC_CODIGO}/xml`)).body;
    const esquema = esquemaAcepta(xml);
    expect(esquema.ok, esquema.salida).toBe(true);
    expect(xml).toContain('<liquidacionCompra id="comprobante" version="1.1.0">');
    expect(xml).toContain('<tipoIdentificacionProveedor>05</tipoIdentificacionProveedor>');
    expect(xml).toContain('<identificacionProveedor>1710034065</identificacionProveedor>');
    expect(xml).toContain('<importeTotal>143.00</importeTotal>');
    expect(xml).not.toContain('propina');

    const ride = await call(tornillo, 'GET', `/${draft.FAC_CODIGO}/ride`);
    expect(ride.statusCode).toBe(200);
    const texto = carpeta.pdfTexto(ride.rawPayload);
    expect(texto).toContain('LIQUIDACIÓN DE COMPRA DE BIENES Y PRESTACIÓN DE SERVICIOS');
    expect(texto).toContain('Proveedor:');
    expect(texto).toContain('1710034065');
    expect(texto).toContain('143.00');
    expect(texto).not.toContain('PROPINA');

    const correo = (await t.mails()).find((m) => JSON.stringify(m).includes('agricultor@example.com'));
    expect(correo, 'el correo al proveedor').toBeDefined();
    const adjuntos = (correo as { attachments?: Array<{ filename?: string }> }).attachments?.map((a) => a.filename) ?? [];
    expect(adjuntos.some((n) => n?.endsWith('.xml'))).toBe(true);
    expect(adjuntos.some((n) => n?.endsWith('.pdf'))).toBe(true);

    const lista = await call(tornillo, 'GET', `/?filter=${encodeURIComponent(JSON.stringify({ PRV_CODIGO: prv }))}`);
    expect(lista.json()).toHaveLength(1);
    expect(lista.headers['content-range']).toMatch(/^liquidacionesCompra 0-0\/1$/);
    expect((await call(tornillo, 'GET', `/${draft.FAC_CODIGO}`, undefined)).json()).toMatchObject({ FAC_ESTADO: 'AUTORIZADA' });
    expect((await call(tornillo, 'PUT', `/${draft.FAC_CODIGO}`, borrador(prv))).statusCode).toBe(409);
    expect((await call(tornillo, 'DELETE', `/${draft.FAC_CODIGO}`)).statusCode).toBe(409);
    // Another company sees none of it.
    expect((await call(andina, 'GET', `/${draft.FAC_CODIGO}`)).statusCode).toBe(404);
    expect((await call(andina, 'GET', `/${draft.FAC_CODIGO}/xml`)).statusCode).toBe(404);
  });

  it('refuses a RUC holder, an inactive supplier, another company’s, ICE and totals that differ, in Spanish', async () => {
    const ruc = await proveedor('04', '1790012345001');
    const inactivo = await proveedor('06', 'AB123456', { PRV_ACTIVO: false });
    const pasaporte = await proveedor('06', 'XK998877');
    const rechazo = async (body: LiquidacionCompraBorrador, status: number, mensaje: string) => {
      const res = await call(tornillo, 'POST', '/', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().msg).toContain(mensaje);
    };
    await rechazo(borrador(ruc), 400, LIQUIDACIONES_MSG.proveedorConRuc);
    await rechazo(borrador(inactivo), 400, LIQUIDACIONES_MSG.proveedorInactivo);
    await rechazo(borrador(999_999), 404, LIQUIDACIONES_MSG.proveedorAjeno);
    await rechazo(
      borrador(pasaporte, { importeTotal: '150.00' }),
      400,
      LIQUIDACION_MSG.totalNoCoincide('El total de la liquidación', '150.00', '143.00'),
    );
    await rechazo(
      borrador(pasaporte, { pagos: [{ FPA_FORMA: '01', FPA_TOTAL: '100.00' }] }),
      400,
      LIQUIDACION_MSG.pagosNoCoinciden('100.00', '143.00'),
    );
    await rechazo(
      borrador(pasaporte, {
        lineas: [
          { FDE_DESCRIPCION: 'Licor artesanal', FDE_CANTIDAD: 1, FDE_PRECIO: 140, FDE_IVA: '0', FDE_ICE_CODIGO: '3031', FDE_ICE_TARIFA: 0 },
        ],
      }),
      400,
      LIQUIDACION_MSG.sinIce(1),
    );
    await rechazo(
      borrador(pasaporte, { lineas: [], totalSinImpuestos: 0, totalIva: 0, importeTotal: 0, pagos: [] }),
      400,
      LIQUIDACION_MSG.sinLineas,
    );
    // A passport holder may sell: the draft is kept, and deleted.
    const ok = await call(tornillo, 'POST', '/', borrador(pasaporte));
    expect(ok.statusCode, ok.body).toBe(201);
    const id = (ok.json() as LiquidacionCompraDetalle).FAC_CODIGO;
    expect((await call(andina, 'DELETE', `/${id}`)).statusCode).toBe(404);
    expect((await call(tornillo, 'GET', `/${id}/xml`)).statusCode).toBe(409);
    expect((await call(tornillo, 'DELETE', `/${id}`)).json()).toEqual({ FAC_CODIGO: id });
  });

  /** A new draft to `prv` issued, and read once the SRI has answered (AUTORIZADA or DEVUELTA). */
  const emitirYEsperar = async (prv: number, extra: Partial<LiquidacionCompraBorrador> = {}) => {
    const creada = await call(tornillo, 'POST', '/', borrador(prv, extra));
    expect(creada.statusCode, creada.body).toBe(201);
    const id = (creada.json() as LiquidacionCompraDetalle).FAC_CODIGO;
    const emitida = await call(tornillo, 'POST', `/${id}/emitir`);
    expect(emitida.statusCode, emitida.body).toBe(200);
    return { emitida: emitida.json() as LiquidacionCompraDetalle, leida: await esperar(id, ['AUTORIZADA', 'DEVUELTA']) };
  };

  it('dated out of the SRI’s tolerance it comes back DEVUELTA (65) and costs nothing; corrected, it keeps its number', async () => {
    const prv = await proveedor('05', '0926687856');
    const antes = await usados();
    const { emitida, leida: devuelta } = await emitirYEsperar(prv, { FAC_FECHA: sumarDias(hoyEcuador(), -100) });
    expect(devuelta.FAC_ESTADO).toBe('DEVUELTA');
    expect(devuelta.FAC_SRI_MENSAJES).toEqual([expect.objectContaining({ identificador: '65', mensaje: 'FECHA EMISIÓN EXTEMPORANEA' })]);
    expect(devuelta.FAC_AUTORIZACION).toBeNull();
    expect(await usados()).toBe(antes);

    const corregida = await call(tornillo, 'PUT', `/${emitida.FAC_CODIGO}`, borrador(prv));
    expect(corregida.statusCode, corregida.body).toBe(200);
    expect(corregida.json()).toMatchObject({ FAC_ESTADO: 'DEVUELTA', FAC_NUMERO: emitida.FAC_NUMERO, FAC_FECHA: hoyEcuador() });
    expect((await call(tornillo, 'POST', `/${emitida.FAC_CODIGO}/emitir`)).statusCode).toBe(200);
    const autorizada = await esperar(emitida.FAC_CODIGO, ['AUTORIZADA', 'DEVUELTA']);
    expect(autorizada.FAC_ESTADO).toBe('AUTORIZADA');
    expect(autorizada.FAC_NUMERO).toBe(emitida.FAC_NUMERO);
    // Same number, new date: a new key of the same type and series.
    expect(autorizada.FAC_CLAVE_ACCESO).not.toBe(emitida.FAC_CLAVE_ACCESO);
    expect(autorizada.FAC_CLAVE_ACCESO!.slice(8, 39)).toBe(emitida.FAC_CLAVE_ACCESO!.slice(8, 39));
    expect(autorizada.FAC_SRI_MENSAJES).toEqual([]);
    expect(await usados()).toBe(antes + 1);
  });

  it('is not annulled while a retención over it lives; the list’s totals leave the annulled out; CSV and Excel export', async () => {
    const prv = await proveedor('06', 'PA5544332', { PRV_RAZON_SOCIAL: 'PEDRO QUISHPE' });
    const { leida: queda } = await emitirYEsperar(prv);
    const { leida: anulable } = await emitirYEsperar(prv);
    expect([queda.FAC_ESTADO, anulable.FAC_ESTADO]).toEqual(['AUTORIZADA', 'AUTORIZADA']);
    const borradorId = ((await call(tornillo, 'POST', '/', borrador(prv))).json() as LiquidacionCompraDetalle).FAC_CODIGO;

    // A draft retención over it, made through the retenciones' API, already holds it.
    const [codigo] = await t.db
      .insert(codigosRetencion)
      .values({
        RCO_IMPUESTO: '1',
        RCO_CODIGO: 'TLQ1',
        RCO_CONCEPTO: 'Compras a no obligados (prueba)',
        RCO_PORCENTAJE: '1.75',
        RCO_DESDE: '2020-01-01',
      })
      .returning({ id: codigosRetencion.RCO_ID });
    const retencion = await t.app.inject({
      method: 'POST',
      url: '/api/retenciones',
      headers: { 'x-token': tornillo },
      payload: {
        PRV_CODIGO: prv,
        PEM_CODIGO: punto,
        FAC_FECHA: hoyEcuador(),
        sustentos: [{ RSU_LIQUIDACION: anulable.FAC_CODIGO, RSU_SUSTENTO: '02', retenciones: [{ RCO_ID: codigo!.id, RDE_BASE: '140' }] }],
      },
    });
    expect(retencion.statusCode, retencion.body).toBe(201);
    const ret = retencion.json() as RetencionDetalle;
    expect((await call(tornillo, 'GET', `/${anulable.FAC_CODIGO}`)).json()).toMatchObject({
      RETENCION: { FAC_CODIGO: ret.FAC_CODIGO, FAC_NUMERO: null, FAC_ESTADO: 'BORRADOR' },
    });
    const motivo = { motivo: 'Compra duplicada: anulada en el portal del SRI' };
    const bloqueada = await call(tornillo, 'POST', `/${anulable.FAC_CODIGO}/anular`, motivo);
    expect(bloqueada.statusCode).toBe(409);
    expect(bloqueada.json().msg).toBe(LIQUIDACIONES_MSG.conRetencion);
    expect((await call(andina, 'POST', `/${anulable.FAC_CODIGO}/anular`, motivo)).statusCode).toBe(404);

    // Without the retención it is annulled: still listed, counted apart, adding nothing.
    const borrada = await t.app.inject({ method: 'DELETE', url: `/api/retenciones/${ret.FAC_CODIGO}`, headers: { 'x-token': tornillo } });
    expect(borrada.statusCode, borrada.body).toBe(200);
    const anulada = await call(tornillo, 'POST', `/${anulable.FAC_CODIGO}/anular`, motivo);
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(anulada.json()).toMatchObject({ FAC_ESTADO: 'ANULADA', FAC_ANULACION_MOTIVO: motivo.motivo, RETENCION: null });

    const filtro = encodeURIComponent(JSON.stringify({ PRV_CODIGO: prv }));
    expect((await call(tornillo, 'GET', `/totales?filter=${filtro}`)).json()).toEqual({
      cantidad: 3,
      anuladas: 1,
      subtotal: '280.00',
      iva: '6.00',
      total: '286.00',
    });
    const soloAutorizadas = encodeURIComponent(JSON.stringify({ PRV_CODIGO: prv, FAC_ESTADO: 'AUTORIZADA' }));
    expect((await call(tornillo, 'GET', `/totales?filter=${soloAutorizadas}`)).json()).toMatchObject({ cantidad: 1, total: '143.00' });

    const csv = await call(tornillo, 'GET', `/exportar?formato=csv&filter=${filtro}&sort=${encodeURIComponent('["FAC_CODIGO","ASC"]')}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('liquidaciones-compra');
    const lineas = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lineas).toHaveLength(4);
    expect(lineas[0]).toContain('Proveedor');
    expect(lineas[1]).toContain(queda.FAC_NUMERO!);
    expect(lineas[1]).toContain('PEDRO QUISHPE');
    expect(lineas[1]).toContain('PA5544332');
    expect(lineas[1]).toContain(queda.FAC_CLAVE_ACCESO!);
    expect(lineas[2]).toContain(anulable.FAC_NUMERO!);
    expect(lineas[3]).toContain('Borrador');

    const xlsx = await call(tornillo, 'GET', `/exportar?formato=xlsx&filter=${filtro}&sort=${encodeURIComponent('["FAC_CODIGO","ASC"]')}`);
    expect(xlsx.headers['content-type']).toContain('spreadsheet');
    const filas = await filasExcel(xlsx.rawPayload, 'Liquidaciones de compra');
    expect(filas[0]!.slice(1, 6)).toEqual(['Número', 'Fecha', 'Proveedor', 'Identificación', 'Subtotal']);
    expect(filas.slice(1).map((f) => [f[1], f[3], f[4], f[7]])).toEqual([
      [queda.FAC_NUMERO, 'PEDRO QUISHPE', 'PA5544332', 143],
      [anulable.FAC_NUMERO, 'PEDRO QUISHPE', 'PA5544332', 143],
      ['Borrador', 'PEDRO QUISHPE', 'PA5544332', 143],
    ]);
    expect(borradorId).toBeGreaterThan(anulable.FAC_CODIGO);
  });

  it('a seller opens none of it (403 on every route)', async () => {
    await t.db.insert(usuarios).values({
      COM_CODIGO: empresa,
      USU_USUARIO: `liq.vendedor.${kind}`,
      USU_CLAVE: await hashPassword(COMPANIES.tornillo.clave),
      USU_ROL: 'vendedor',
    });
    const seller = (await loginCompany(t, { ...COMPANIES.tornillo, usuario: `liq.vendedor.${kind}` })).token;
    const prv = await proveedor('05', '1713175071');
    const id = ((await call(tornillo, 'POST', '/', borrador(prv))).json() as LiquidacionCompraDetalle).FAC_CODIGO;
    const rutas: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', '/'],
      ['GET', '/totales'],
      ['GET', '/exportar?formato=csv'],
      ['GET', `/${id}`],
      ['POST', '/', borrador(prv)],
      ['PUT', `/${id}`, borrador(prv)],
      ['DELETE', `/${id}`],
      ['POST', `/${id}/emitir`],
      ['GET', `/${id}/xml`],
      ['GET', `/${id}/ride`],
      ['GET', `/${id}/autorizado`],
      ['POST', `/${id}/correo`, {}],
      ['POST', `/${id}/anular`, { motivo: 'Anulada en el portal' }],
      ['POST', `/${id}/consultar`],
    ];
    for (const [method, url, body] of rutas) {
      expect((await call(seller, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    // Nothing changed: the draft is still there, unissued.
    expect((await call(tornillo, 'GET', `/${id}`)).json()).toMatchObject({ FAC_ESTADO: 'BORRADOR', FAC_NUMERO: null });
  });
});
