/** The invoice both invoicing benches issue (bench/facturas.ts, bench/sri.ts), and its drafts inserted in bulk. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../server/infra/db/client';
import {
  clientes,
  empresas,
  establecimientos,
  facturas,
  facturasDetalles,
  facturasPagos,
  planesEmpresa,
  puntosEmision,
} from '../server/infra/db/schema';
import { calcularFactura, type LineaFactura } from '../domain/facturas';
import { hoyEcuador, sumarDias } from '../domain/fechas';

export const LINEAS = 20;
const TARIFAS = ['4', '4', '4', '0', '5'];

/** Twenty lines of a hardware store's sale: quantities and prices with decimals, a few discounts, three IVA rates. */
export const lineasBench: LineaFactura[] = Array.from({ length: LINEAS }, (_, i) => ({
  codigoPrincipal: `FER-${String(i + 1).padStart(4, '0')}`,
  descripcion: `Artículo de ferretería número ${i + 1} — tornillos, pernos y tuercas galvanizadas`,
  cantidad: (1 + (i % 7) * 1.25).toFixed(2),
  precioUnitario: (2.35 + i * 1.731).toFixed(4),
  descuento: i % 4 === 0 ? '0.50' : '0',
  codigoPorcentaje: TARIFAS[i % TARIFAS.length]!,
}));

/** Paid in one transfer (formaPago 20). */
export const pagosBench = [{ formaPago: '20', total: calcularFactura({ lineas: lineasBench, pagos: [] }).importeTotal }];

export type DestinoBench = { empresa: number; punto: number; cliente: number; hoy: string };

/**
 * Ferretería El Tornillo (the demo company with a signature), its point 001-001, a buyer with an email, and a current
 * plan of `comprobantes` documents: where the benches' invoices are issued.
 */
export async function prepararFerreteria(db: Db, plan: string, comprobantes: number) {
  const [tornillo] = await db.select().from(empresas).where(eq(empresas.EMP_RUC, '1792060346001'));
  const empresa = tornillo!.EMP_CODIGO;
  const [punto] = await db
    .select({ id: puntosEmision.PEM_CODIGO })
    .from(puntosEmision)
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .where(and(eq(establecimientos.EMP_CODIGO, empresa), eq(puntosEmision.PEM_NUMERO, '001')));
  const [cliente] = await db
    .insert(clientes)
    .values({
      EMP_CODIGO: empresa,
      CLI_TIPO_IDENTIFICACION: '04',
      CLI_IDENTIFICACION: '1790016919001',
      CLI_RAZON_SOCIAL: 'CONSTRUCTORA DEL PICHINCHA S.A.',
      CLI_DIRECCION: 'Av. Shyris N35-52, Quito',
      CLI_CORREOS: ['compras@constructora.ec'],
    })
    .returning({ id: clientes.CLI_CODIGO });
  const hoy = hoyEcuador();
  await db.insert(planesEmpresa).values({
    EMP_CODIGO: empresa,
    PLAN_ID: 1,
    PLANEMPRESA_NOMBRE: plan,
    PLANEMPRESA_INICIO: hoy,
    PLANEMPRESA_CADUCA: sumarDias(hoy, 300),
    PLANEMPRESA_COMPROBANTES: comprobantes,
    PLANEMPRESA_PRECIO: '0.00',
  });
  const destino: DestinoBench = { empresa, punto: punto!.id, cliente: cliente!.id, hoy };
  return { tornillo: tornillo!, destino };
}

/**
 * The planner's statistics as a running server keeps them (on PGlite its minute's maintenance, on PostgreSQL
 * autovacuum), taken before a timed batch: a bench writes thousands of drafts in seconds into tables analysed while
 * empty, and a plan made for an empty table reads a guía's goods by scanning all of them (1.65 ms a guía on PGlite
 * instead of 0.20 ms).
 */
export async function analizar(db: Db) {
  await db.execute(sql`ANALYZE`);
}

/** `cantidad` drafts of the bench's invoice, 250 per statement (the benches time issuing them, not typing them). */
export async function insertarBorradores(db: Db, { empresa, punto, cliente, hoy }: DestinoBench, cantidad: number): Promise<number[]> {
  const calculo = calcularFactura({ lineas: lineasBench, pagos: pagosBench });
  const ids: number[] = [];
  for (let desde = 0; desde < cantidad; desde += 250) {
    const filas = await db
      .insert(facturas)
      .values(
        Array.from({ length: Math.min(250, cantidad - desde) }, () => ({
          EMP_CODIGO: empresa,
          PEM_CODIGO: punto,
          CLI_CODIGO: cliente,
          FAC_FECHA: hoy,
          FAC_SUBTOTAL: calculo.totalSinImpuestos,
          FAC_DESCUENTO: calculo.totalDescuento,
          FAC_IVA: calculo.totalIva,
          FAC_TOTAL: calculo.importeTotal,
        })),
      )
      .returning({ id: facturas.FAC_CODIGO });
    const nuevos = filas.map((r) => r.id);
    ids.push(...nuevos);
    await db.insert(facturasDetalles).values(
      nuevos.flatMap((id) =>
        lineasBench.map((l, i) => ({
          FAC_CODIGO: id,
          FDE_LINEA: i + 1,
          FDE_PRINCIPAL: l.codigoPrincipal,
          FDE_DESCRIPCION: l.descripcion,
          FDE_CANTIDAD: calculo.lineas[i]!.cantidad,
          FDE_PRECIO: calculo.lineas[i]!.precioUnitario,
          FDE_DESCUENTO: calculo.lineas[i]!.descuento,
          FDE_IVA: l.codigoPorcentaje,
          FDE_SUBTOTAL: calculo.lineas[i]!.precioTotalSinImpuesto,
        })),
      ),
    );
    await db
      .insert(facturasPagos)
      .values(nuevos.map((id) => ({ FAC_CODIGO: id, FPA_LINEA: 1, FPA_FORMA: '20', FPA_TOTAL: calculo.importeTotal })));
  }
  return ids;
}

/** The bench's invoice as the API's draft (POST /api/facturas): what the HTTP benches send. */
export function borradorBench({ punto, cliente, hoy }: Pick<DestinoBench, 'punto' | 'cliente' | 'hoy'>) {
  const calculo = calcularFactura({ lineas: lineasBench, pagos: pagosBench });
  return {
    PEM_CODIGO: punto,
    CLI_CODIGO: cliente,
    FAC_FECHA: hoy,
    lineas: lineasBench.map((l) => ({
      FDE_PRINCIPAL: l.codigoPrincipal,
      FDE_DESCRIPCION: l.descripcion,
      FDE_CANTIDAD: l.cantidad,
      FDE_PRECIO: l.precioUnitario,
      FDE_DESCUENTO: l.descuento,
      FDE_IVA: l.codigoPorcentaje,
    })),
    pagos: pagosBench.map((p) => ({ FPA_FORMA: p.formaPago, FPA_TOTAL: p.total })),
    totalSinImpuestos: calculo.totalSinImpuestos,
    totalDescuento: calculo.totalDescuento,
    totalIva: calculo.totalIva,
    importeTotal: calculo.importeTotal,
  };
}
