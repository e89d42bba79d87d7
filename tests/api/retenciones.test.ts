import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { puntoPrincipal } from '../helpers/facturas-api';
import { tornilloConSri } from '../helpers/sri';
import { carpetaTemporal, esquemaSri } from '../helpers/archivos';
import { hashPassword } from '../../server/infra/passwords';
import {
  codigosRetencion,
  facturas,
  facturasDetalles,
  facturasPagos,
  proveedores,
  recibidos,
  sriCola,
  usuarios,
} from '../../server/infra/db/schema';
import type { SriLocal } from '../../server/sri-local';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { RETENCIONES_MSG as M } from '../../domain/retenciones';
import { NOTAS_MSG } from '../../domain/contratos/notasCredito';
import type {
  Retencion,
  RetencionBorrador,
  RetencionDetalle,
  SustentoBorrador,
  SustentoDisponible,
} from '../../domain/contratos/retenciones';

/**
 * Comprobantes de retención against the local SRI: withholdings of renta and IVA on a supplier's received factura and
 * on the company's own liquidación de compra; every rule with its status and sentence, the 5-day warning, isolation
 * and roles, the list, totals, export and what can be withheld; issued, AUTORIZADA, its XML against the SRI's schema,
 * its RIDE and the email to the supplier with both files.
 *
 * The received factura: 100.00 at 15 % (IVA 15.00, total 115.00). The liquidación (a row written here: the
 * liquidaciones' API is another module's): 200.00 at 15 % (IVA 30.00, total 230.00).
 * Withholdings: 1.75 % of 100.00 = 1.75 renta; 30 % of 15.00 = 4.50 IVA; 2.75 % of 33.33 = 0.916575 → 0.92.
 */
const ESQUEMA = esquemaSri('ComprobanteRetencion_V2.0.0.xsd');
const carpeta = carpetaTemporal('retenciones-');
const { pdfTexto } = carpeta;

describe.each(testDatabases)('retenciones (%s)', (kind) => {
  let sri: SriLocal;
  let t: TestApp;
  let tornillo: string;
  let andina: string;
  let empresa: number;
  let punto: number;
  let proveedor: number;
  let otroProveedor: number;
  const codigo: Record<string, number> = {};
  let claves = 0;

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/retenciones${url}`, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });

  /** A unique 49-digit key for a received document of test run `kind`. */
  const clave = () => `${String(++claves).padStart(9, '0')}${'1'.repeat(40)}`;

  /** A factura (or another type) received from `prv`, as the recibidos module keeps it. */
  async function recibido(prv: number, { tipo = '01', fecha = hoyEcuador(), numero = claves + 100 } = {}) {
    const k = clave();
    const [row] = await t.db
      .insert(recibidos)
      .values({
        EMP_CODIGO: empresa,
        REC_TIPO: tipo,
        REC_CLAVE_ACCESO: k,
        REC_NUMERO: `002-001-${String(numero).padStart(9, '0')}`,
        REC_FECHA: fecha,
        REC_EMISOR_RUC: '1790016919001',
        REC_EMISOR_RAZON_SOCIAL: 'FERRETERÍA MAYORISTA S.A.',
        PRV_CODIGO: prv,
        REC_AUTORIZACION: k,
        REC_AMBIENTE: 1,
        REC_SUBTOTAL: '100.00',
        REC_IVA: '15.00',
        REC_TOTAL: '115.00',
        REC_DATOS: {
          receptor: { tipoIdentificacion: '04', identificacion: '1792146739001', razonSocial: 'FERRETERÍA EL TORNILLO' },
          impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '100.00', valor: '15.00' }],
          pagos: [{ formaPago: '20', total: '115.00' }],
        },
        REC_XML: '<factura/>',
        REC_ORIGEN: 'xml',
      })
      .returning({ id: recibidos.REC_CODIGO });
    return row!.id;
  }

  /** An AUTORIZADA liquidación de compra of the company to `prv`: 200.00 at 15 %. */
  async function liquidacion(prv: number, { estado = 'AUTORIZADA', fecha = hoyEcuador() } = {}) {
    const secuencial = 500 + ++claves;
    const k = clave();
    const [row] = await t.db
      .insert(facturas)
      .values({
        EMP_CODIGO: empresa,
        FAC_TIPO: '03',
        PRV_CODIGO: prv,
        PEM_CODIGO: punto,
        FAC_FECHA: fecha,
        FAC_ESTADO: estado,
        FAC_SECUENCIAL: secuencial,
        FAC_NUMERO: `001-001-${String(secuencial).padStart(9, '0')}`,
        FAC_CLAVE_ACCESO: k,
        FAC_AUTORIZACION: estado === 'AUTORIZADA' ? k : null,
        FAC_SUBTOTAL: '200.00',
        FAC_DESCUENTO: '0',
        FAC_IVA: '30.00',
        FAC_PROPINA: '0',
        FAC_TOTAL: '230.00',
      })
      .returning({ id: facturas.FAC_CODIGO });
    const id = row!.id;
    await t.db.insert(facturasDetalles).values({
      FAC_CODIGO: id,
      FDE_LINEA: 1,
      FDE_DESCRIPCION: 'Maíz en grano (quintales)',
      FDE_CANTIDAD: '10',
      FDE_PRECIO: '20',
      FDE_DESCUENTO: '0',
      FDE_IVA: '4',
      FDE_SUBTOTAL: '200.00',
    });
    await t.db.insert(facturasPagos).values({ FAC_CODIGO: id, FPA_LINEA: 1, FPA_FORMA: '01', FPA_TOTAL: '230.00' });
    return id;
  }

  const sobreRecibido = (
    REC_CODIGO: number,
    retenciones: SustentoBorrador['retenciones'] = [{ RCO_ID: codigo.renta!, RDE_BASE: '100' }],
  ) => ({
    REC_CODIGO,
    RSU_SUSTENTO: '01',
    retenciones,
  });
  const retencion = (sustentos: RetencionBorrador['sustentos'], extra: Partial<RetencionBorrador> = {}): RetencionBorrador => ({
    PRV_CODIGO: proveedor,
    PEM_CODIGO: punto,
    FAC_FECHA: hoyEcuador(),
    sustentos,
    ...extra,
  });
  const crear = async (body: RetencionBorrador) => {
    const res = await call(tornillo, 'POST', '', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as RetencionDetalle;
  };
  const rechazo = async (body: RetencionBorrador, status = 400) => {
    const res = await call(tornillo, 'POST', '', body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().msg as string;
  };

  /** Polls the retención until it is AUTORIZADA and its email is done (nothing of it left on the SRI's queue). */
  async function esperarAutorizada(id: number) {
    const hasta = Date.now() + 30_000;
    while (Date.now() < hasta) {
      // The queue first: read after it, the retención shows what its last step (the email) did.
      const cola = await t.db.select({ id: sriCola.FAC_CODIGO }).from(sriCola).where(eq(sriCola.FAC_CODIGO, id));
      const r = (await call(tornillo, 'GET', `/${id}`)).json() as RetencionDetalle;
      if (['AUTORIZADA', 'DEVUELTA', 'RECHAZADA'].includes(r.FAC_ESTADO) && cola.length === 0) return r;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`La retención ${id} no llegó a AUTORIZADA`);
  }

  beforeAll(async () => {
    ({ sri, t, tornillo, empresa, andina, punto } = await tornilloConSri(kind, { cliente: 601, sri: { demoraAutorizacionMs: 50 } }));
    const [a, b] = await t.db
      .insert(proveedores)
      .values([
        {
          EMP_CODIGO: empresa,
          PRV_TIPO_IDENTIFICACION: '04',
          PRV_IDENTIFICACION: '1790016919001',
          PRV_RAZON_SOCIAL: 'FERRETERÍA MAYORISTA S.A.',
          PRV_CORREOS: ['facturacion@mayorista.ec'],
          PRV_DIRECCION: 'Av. de la Prensa N45-12, Quito',
        },
        { EMP_CODIGO: empresa, PRV_TIPO_IDENTIFICACION: '05', PRV_IDENTIFICACION: '1710034065', PRV_RAZON_SOCIAL: 'JUAN PÉREZ' },
      ])
      .returning({ id: proveedores.PRV_CODIGO });
    proveedor = a!.id;
    otroProveedor = b!.id;
    // Codes of their own (not the seeded table's, which the back office may change): in force, and one expired.
    const filas = await t.db
      .insert(codigosRetencion)
      .values([
        {
          RCO_IMPUESTO: '1',
          RCO_CODIGO: 'T312',
          RCO_CONCEPTO: 'Transferencia de bienes muebles (prueba)',
          RCO_PORCENTAJE: '1.75',
          RCO_DESDE: '2020-01-01',
        },
        {
          RCO_IMPUESTO: '1',
          RCO_CODIGO: 'T343',
          RCO_CONCEPTO: 'Otras retenciones (prueba)',
          RCO_PORCENTAJE: '2.75',
          RCO_DESDE: '2020-01-01',
        },
        { RCO_IMPUESTO: '2', RCO_CODIGO: 'T1', RCO_CONCEPTO: 'IVA 30 % (prueba)', RCO_PORCENTAJE: '30', RCO_DESDE: '2020-01-01' },
        {
          RCO_IMPUESTO: '1',
          RCO_CODIGO: 'TX',
          RCO_CONCEPTO: 'Código derogado (prueba)',
          RCO_PORCENTAJE: '1',
          RCO_DESDE: '2020-01-01',
          RCO_HASTA: '2020-12-31',
        },
      ])
      .returning({ id: codigosRetencion.RCO_ID, codigo: codigosRetencion.RCO_CODIGO });
    for (const f of filas) codigo[{ T312: 'renta', T343: 'otras', T1: 'iva', TX: 'derogado' }[f.codigo]!] = f.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sri?.close();
  });

  it('withholds renta and IVA on a received factura: values rounded half-up, the totals in the header, the fiscal period', async () => {
    const rec = await recibido(proveedor);
    const r = await crear(
      retencion([
        sobreRecibido(rec, [
          { RCO_ID: codigo.renta!, RDE_BASE: '66.67' },
          { RCO_ID: codigo.otras!, RDE_BASE: 33.33 },
          { RCO_ID: codigo.iva!, RDE_BASE: '15.00' },
        ]),
      ]),
    );
    // 1.75 % of 66.67 = 1.166725 → 1.17; 2.75 % of 33.33 = 0.916575 → 0.92; 30 % of 15.00 = 4.50.
    expect(r).toMatchObject({
      FAC_TIPO: '07',
      FAC_ESTADO: 'BORRADOR',
      FAC_SUBTOTAL: '2.09',
      FAC_IVA: '4.50',
      FAC_TOTAL: '6.59',
      PRV_CODIGO: proveedor,
      PRV_RAZON_SOCIAL: 'FERRETERÍA MAYORISTA S.A.',
      PERIODO_FISCAL: `${hoyEcuador().slice(5, 7)}/${hoyEcuador().slice(0, 4)}`,
      avisos: [],
    });
    expect(r.sustentos).toHaveLength(1);
    expect(r.sustentos[0]).toMatchObject({ REC_CODIGO: rec, codDocSustento: '01', totalSinImpuestos: '100.00', iva: '15.00' });
    expect(r.sustentos[0]!.retenciones.map((d) => [d.RDE_CODIGO, d.RDE_BASE, d.RDE_PORCENTAJE, d.RDE_VALOR])).toEqual([
      ['T312', '66.67', '1.75', '1.17'],
      ['T343', '33.33', '2.75', '0.92'],
      ['T1', '15.00', '30.00', '4.50'],
    ]);
    expect(r.DOCUMENTOS).toBe(r.sustentos[0]!.numero);
  });

  it('refuses each broken rule with its sentence', async () => {
    const rec = await recibido(proveedor);
    const msg = (body: RetencionBorrador) => rechazo(body);
    // The renta bases add up to more than the subtotal; the IVA base to more than the IVA.
    expect(
      await msg(
        retencion([
          sobreRecibido(rec, [
            { RCO_ID: codigo.renta!, RDE_BASE: '60' },
            { RCO_ID: codigo.otras!, RDE_BASE: '40.01' },
          ]),
        ]),
      ),
    ).toBe(`Documento 1: ${M.baseRentaExcede('100.01', '100.00')}`);
    expect(await msg(retencion([sobreRecibido(rec, [{ RCO_ID: codigo.iva!, RDE_BASE: '15.01' }])]))).toBe(
      `Documento 1: ${M.baseIvaExcede('15.01', '15.00')}`,
    );
    // A code out of force on the date, one that does not exist, a base of zero or with three decimals.
    expect(await msg(retencion([sobreRecibido(rec, [{ RCO_ID: codigo.derogado!, RDE_BASE: '10' }])]))).toContain(
      'el código de retención TX no está vigente',
    );
    expect(await msg(retencion([sobreRecibido(rec, [{ RCO_ID: 2147483000, RDE_BASE: '10' }])]))).toBe(
      `Documento 1, retención 1: ${M.codigoInexistente}`,
    );
    expect(await msg(retencion([sobreRecibido(rec, [{ RCO_ID: codigo.renta!, RDE_BASE: '0' }])]))).toBe(
      `Documento 1, retención 1: ${M.baseCero}`,
    );
    expect(await msg(retencion([sobreRecibido(rec, [{ RCO_ID: codigo.renta!, RDE_BASE: '1.005' }])]))).toBe(
      `Documento 1, retención 1: ${M.baseFormato}`,
    );
    // An unknown sustento tributario; the same document twice; none; both kinds of document in one.
    expect(await msg(retencion([{ ...sobreRecibido(rec), RSU_SUSTENTO: '99' }]))).toBe(`Documento 1: ${M.sustentoDesconocido('99')}`);
    expect(await msg(retencion([sobreRecibido(rec), sobreRecibido(rec)]))).toBe(`Documento 2: ${M.documentoRepetido}`);
    expect((await call(tornillo, 'POST', '', retencion([]))).statusCode).toBe(400);
    const liq = await liquidacion(proveedor);
    expect(await msg(retencion([{ ...sobreRecibido(rec), RSU_LIQUIDACION: liq }]))).toBe(`Documento 1: ${M.documentoUnico}`);
    // Dated before its document.
    const futuro = await recibido(proveedor, { fecha: sumarDias(hoyEcuador(), 2) });
    expect(await msg(retencion([sobreRecibido(futuro)]))).toContain('la retención no puede tener fecha anterior a la del documento');
    // The totals the form showed, a cent off.
    expect(await msg(retencion([sobreRecibido(rec)], { totales: { FAC_SUBTOTAL: '1.76', FAC_IVA: '0', FAC_TOTAL: '1.76' } }))).toContain(
      'no coincide con el calculado (1.75)',
    );
    expect(
      (
        await call(
          tornillo,
          'POST',
          '',
          retencion([sobreRecibido(rec)], { totales: { FAC_SUBTOTAL: 1.75, FAC_IVA: 0, FAC_TOTAL: '1.75' } }),
        )
      ).statusCode,
    ).toBe(201);
  });

  it("refuses a document of another supplier (400), a received nota de crédito, a liquidación not authorized, and another company's (404)", async () => {
    const ajeno = await recibido(otroProveedor);
    expect(await rechazo(retencion([sobreRecibido(ajeno)]))).toBe(`Documento 1: ${M.otroProveedor('FERRETERÍA MAYORISTA S.A.')}`);
    const credito = await recibido(proveedor, { tipo: '04' });
    expect(await rechazo(retencion([sobreRecibido(credito)]))).toBe(`Documento 1: ${M.documentoNoRetenible}`);
    const borradorLiq = await liquidacion(proveedor, { estado: 'BORRADOR' });
    expect(
      await rechazo(
        retencion([{ RSU_LIQUIDACION: borradorLiq, RSU_SUSTENTO: '02', retenciones: [{ RCO_ID: codigo.renta!, RDE_BASE: '10' }] }]),
      ),
    ).toBe(`Documento 1: ${M.liquidacionNoAutorizada}`);

    // Andina sees none of Tornillo's: its supplier and documents are missing for it.
    const rec = await recibido(proveedor);
    const { COM_CODIGO: andinaEmpresa } = await loginCompany(t, COMPANIES.andina);
    const puntoAndina = await puntoPrincipal(t, andinaEmpresa);
    const res = await call(andina, 'POST', '', retencion([sobreRecibido(rec)], { PEM_CODIGO: puntoAndina }));
    expect(res.statusCode).toBe(404);
    const propia = await crear(retencion([sobreRecibido(rec)]));
    for (const [method, url] of [
      ['GET', `/${propia.FAC_CODIGO}`],
      ['DELETE', `/${propia.FAC_CODIGO}`],
      ['POST', `/${propia.FAC_CODIGO}/emitir`],
    ] as const) {
      expect((await call(andina, method, url)).statusCode, url).toBe(404);
    }
    expect((await call(andina, 'GET', '')).json()).not.toContainEqual(expect.objectContaining({ FAC_CODIGO: propia.FAC_CODIGO }));
  });

  it('a document already withheld by a live retención is a 409; deleting the draft frees it', async () => {
    const rec = await recibido(proveedor);
    const primera = await crear(retencion([sobreRecibido(rec)]));
    const res = await call(tornillo, 'POST', '', retencion([sobreRecibido(rec, [{ RCO_ID: codigo.iva!, RDE_BASE: '15' }])]));
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(M.ya(primera.sustentos[0]!.numero, `en borrador (${primera.FAC_CODIGO})`));
    // Its own draft may be edited with the same document.
    const editada = await call(
      tornillo,
      'PUT',
      `/${primera.FAC_CODIGO}`,
      retencion([sobreRecibido(rec, [{ RCO_ID: codigo.iva!, RDE_BASE: '15' }])]),
    );
    expect(editada.statusCode, editada.body).toBe(200);
    expect(editada.json()).toMatchObject({ FAC_SUBTOTAL: '0.00', FAC_IVA: '4.50', FAC_TOTAL: '4.50' });
    // What can be withheld leaves it out while the draft lives.
    const disponibles = (await call(tornillo, 'GET', `/sustentos?PRV_CODIGO=${proveedor}`)).json() as SustentoDisponible[];
    expect(disponibles.map((d) => d.REC_CODIGO)).not.toContain(rec);
    expect((await call(tornillo, 'DELETE', `/${primera.FAC_CODIGO}`)).statusCode).toBe(200);
    expect((await call(tornillo, 'GET', `/${primera.FAC_CODIGO}`)).statusCode).toBe(404);
    const despues = (await call(tornillo, 'GET', `/sustentos?REC_CODIGO=${rec}`)).json() as SustentoDisponible[];
    expect(despues).toEqual([
      expect.objectContaining({ REC_CODIGO: rec, codDocSustento: '01', totalSinImpuestos: '100.00', iva: '15.00', importeTotal: '115.00' }),
    ]);
    expect((await call(tornillo, 'POST', '', retencion([sobreRecibido(rec)]))).statusCode).toBe(201);
  });

  it('warns, without refusing, a retención more than 5 days after its document', async () => {
    const fecha = sumarDias(hoyEcuador(), -9);
    const rec = await recibido(proveedor, { fecha });
    const disponibles = (await call(tornillo, 'GET', `/sustentos?REC_CODIGO=${rec}&fecha=${hoyEcuador()}`)).json() as SustentoDisponible[];
    expect(disponibles[0]!.aviso).toContain('9 días después del documento');
    const r = await crear(retencion([sobreRecibido(rec)]));
    expect(r.avisos).toEqual([expect.stringContaining('La retención se emite 9 días después del documento')]);
    // Dated 5 days after it, no warning.
    const rec5 = await recibido(proveedor, { fecha: sumarDias(hoyEcuador(), -5) });
    expect((await crear(retencion([sobreRecibido(rec5)]))).avisos).toEqual([]);
  });

  it('lists what can be withheld of a supplier: its received facturas and its authorized liquidaciones, nothing else', async () => {
    const rec = await recibido(proveedor);
    const credito = await recibido(proveedor, { tipo: '04' });
    const ajeno = await recibido(otroProveedor);
    const liq = await liquidacion(proveedor);
    const pendiente = await liquidacion(proveedor, { estado: 'FIRMADA' });
    const lista = (await call(tornillo, 'GET', `/sustentos?PRV_CODIGO=${proveedor}`)).json() as SustentoDisponible[];
    const recibidosIds = lista.map((d) => d.REC_CODIGO);
    const liquidacionesIds = lista.map((d) => d.RSU_LIQUIDACION);
    expect(recibidosIds).toContain(rec);
    expect(recibidosIds).not.toContain(credito);
    expect(recibidosIds).not.toContain(ajeno);
    expect(liquidacionesIds).toContain(liq);
    expect(liquidacionesIds).not.toContain(pendiente);
    expect(lista.find((d) => d.RSU_LIQUIDACION === liq)).toMatchObject({
      codDocSustento: '03',
      PRV_RAZON_SOCIAL: 'FERRETERÍA MAYORISTA S.A.',
      aviso: null,
    });
    expect((await call(andina, 'GET', `/sustentos?PRV_CODIGO=${proveedor}`)).json()).toEqual([]);
  });

  it('is judged again when issued: a code that went out of force since the draft stops it, and nothing is numbered', async () => {
    const [derogable] = await t.db
      .insert(codigosRetencion)
      .values({
        RCO_IMPUESTO: '1',
        RCO_CODIGO: 'TD',
        RCO_CONCEPTO: 'Código que se deroga (prueba)',
        RCO_PORCENTAJE: '1',
        RCO_DESDE: '2020-01-01',
      })
      .returning({ id: codigosRetencion.RCO_ID });
    const rec = await recibido(proveedor);
    const r = await crear(retencion([sobreRecibido(rec, [{ RCO_ID: derogable!.id, RDE_BASE: '50' }])]));
    await t.db
      .update(codigosRetencion)
      .set({ RCO_HASTA: sumarDias(hoyEcuador(), -1) })
      .where(eq(codigosRetencion.RCO_ID, derogable!.id));
    const res = await call(tornillo, 'POST', `/${r.FAC_CODIGO}/emitir`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toContain('el código de retención TD no está vigente');
    expect((await call(tornillo, 'GET', `/${r.FAC_CODIGO}`)).json()).toMatchObject({ FAC_ESTADO: 'BORRADOR', FAC_NUMERO: null });
  });

  it('a seller opens none of it (403)', async () => {
    await t.db.insert(usuarios).values({
      COM_CODIGO: empresa,
      USU_USUARIO: `ret.vendedor.${kind}`,
      USU_CLAVE: await hashPassword(COMPANIES.tornillo.clave),
      USU_ROL: 'vendedor',
    });
    const seller = (await loginCompany(t, { ...COMPANIES.tornillo, usuario: `ret.vendedor.${kind}` })).token;
    expect((await call(seller, 'GET', '')).statusCode).toBe(403);
    expect((await call(seller, 'GET', `/sustentos?PRV_CODIGO=${proveedor}`)).statusCode).toBe(403);
    const rec = await recibido(proveedor);
    expect((await call(seller, 'POST', '', retencion([sobreRecibido(rec)]))).statusCode).toBe(403);
  });

  it('over a received factura and an own liquidación: issued, AUTORIZADA, valid XML, RIDE and the email to the supplier', async () => {
    const rec = await recibido(proveedor);
    const liq = await liquidacion(proveedor);
    const borrador = await crear(
      retencion([
        sobreRecibido(rec, [
          { RCO_ID: codigo.renta!, RDE_BASE: '100' },
          { RCO_ID: codigo.iva!, RDE_BASE: '15' },
        ]),
        { RSU_LIQUIDACION: liq, RSU_SUSTENTO: '06', retenciones: [{ RCO_ID: codigo.renta!, RDE_BASE: '200' }] },
      ]),
    );
    // 1.75 + 3.50 renta, 4.50 IVA.
    expect(borrador).toMatchObject({ FAC_SUBTOTAL: '5.25', FAC_IVA: '4.50', FAC_TOTAL: '9.75' });
    expect(borrador.sustentos[1]).toMatchObject({
      RSU_LIQUIDACION: liq,
      codDocSustento: '03',
      impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15.00', baseImponible: '200.00', valor: '30.00' }],
      pagos: [{ formaPago: '01', total: '230.00' }],
    });
    expect((await call(tornillo, 'GET', `/${borrador.FAC_CODIGO}/xml`)).statusCode).toBe(409);

    const emitida = await call(tornillo, 'POST', `/${borrador.FAC_CODIGO}/emitir`);
    expect(emitida.statusCode, emitida.body).toBe(200);
    const numero = (emitida.json() as RetencionDetalle).FAC_NUMERO!;
    expect((emitida.json() as RetencionDetalle).FAC_CLAVE_ACCESO!.slice(8, 10)).toBe('07');
    const r = await esperarAutorizada(borrador.FAC_CODIGO);
    expect(r.FAC_ESTADO).toBe('AUTORIZADA');
    expect(r.FAC_AUTORIZACION).toBe(r.FAC_CLAVE_ACCESO);

    const xml = (await call(tornillo, 'GET', `/${r.FAC_CODIGO}/xml`)).body;
    const validacion = carpeta.esquemaAcepta(ESQUEMA, xml, 'retencion.xml');
    expect(validacion.ok, validacion.salida).toBe(true);
    expect(xml).toContain('<comprobanteRetencion id="comprobante" version="2.0.0">');
    expect(xml).toContain('<tipoIdentificacionSujetoRetenido>04</tipoIdentificacionSujetoRetenido><parteRel>NO</parteRel>');
    expect(xml).toContain(`<periodoFiscal>${hoyEcuador().slice(5, 7)}/${hoyEcuador().slice(0, 4)}</periodoFiscal>`);
    expect(xml).toContain(`<codSustento>06</codSustento><codDocSustento>03</codDocSustento><numDocSustento>`);
    expect(xml).toContain(
      '<retencion><codigo>2</codigo><codigoRetencion>T1</codigoRetencion><baseImponible>15.00</baseImponible><porcentajeRetener>30</porcentajeRetener><valorRetenido>4.50</valorRetenido></retencion>',
    );
    expect(xml).toContain('<campoAdicional nombre="Email">facturacion@mayorista.ec</campoAdicional>');

    // The supplier's email with the authorized XML and the RIDE.
    expect(r.FAC_ENTREGA).toBe('ENVIADA');
    const correo = (await t.mails()).find((m) => m.subject.includes(numero) && m.subject.startsWith('Retención'))!;
    expect(correo.to).toBe('facturacion@mayorista.ec');
    expect(correo.text).toContain('por USD 9.75');
    expect(correo.attachments.map((a) => a.filename)).toEqual([`retencion-${numero}.xml`, `retencion-${numero}.pdf`]);
    const autorizado = (await call(tornillo, 'GET', `/${r.FAC_CODIGO}/autorizado`)).body;
    expect(correo.attachments[0]!.content.toString('utf8')).toBe(autorizado);

    const ride = pdfTexto((await call(tornillo, 'GET', `/${r.FAC_CODIGO}/ride`)).rawPayload);
    expect(ride).toContain('COMPROBANTE DE RETENCIÓN');
    expect(ride).toContain('FERRETERÍA MAYORISTA S.A.');
    expect(ride).toContain('LIQUIDACIÓN DE COMPRA');
    expect(ride).toMatch(/TOTAL RETENIDO\s+9\.75/);
    expect(ride).toContain(r.FAC_CLAVE_ACCESO!);

    // Issued, it cannot be edited or deleted; the documents stay taken.
    expect((await call(tornillo, 'DELETE', `/${r.FAC_CODIGO}`)).json().msg).toBe(NOTAS_MSG.emitidaNoEliminable('retención'));
    expect((await call(tornillo, 'POST', '', retencion([sobreRecibido(rec)]))).statusCode).toBe(409);
    // Annulled, its documents can be withheld again.
    const anulada = await call(tornillo, 'POST', `/${r.FAC_CODIGO}/anular`, { motivo: 'Error en la base imponible' });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect((await call(tornillo, 'POST', '', retencion([sobreRecibido(rec)]))).statusCode).toBe(201);

    // The list, its filters, totals and export.
    const lista = await call(tornillo, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ q: numero }))}`);
    expect((lista.json() as Retencion[]).map((x) => x.FAC_CODIGO)).toEqual([r.FAC_CODIGO]);
    const porDocumento = await call(tornillo, 'GET', `?filter=${encodeURIComponent(JSON.stringify({ q: borrador.sustentos[1]!.numero }))}`);
    expect((porDocumento.json() as Retencion[]).map((x) => x.FAC_CODIGO)).toContain(r.FAC_CODIGO);
    const totales = await call(
      tornillo,
      'GET',
      `/totales?filter=${encodeURIComponent(JSON.stringify({ FAC_ESTADO: 'ANULADA', PRV_CODIGO: proveedor }))}`,
    );
    expect(totales.json()).toMatchObject({ cantidad: 1, anuladas: 1, total: '0.00' });
    const csv = await call(tornillo, 'GET', `/exportar?formato=csv&filter=${encodeURIComponent(JSON.stringify({ id: [r.FAC_CODIGO] }))}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Total retenido');
    expect(csv.body).toContain(numero);
  });
});
