import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clientes, establecimientos, planesEmpresa, puntosEmision } from '../../server/infra/db/schema';
import { calcularFactura } from '../../domain/facturas';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import type { FacturaBorrador, LineaBorrador, PagoBorrador } from '../../server/modules/facturas/contract';
import type { TestApp } from './server';
import { cedulaValida } from './identificaciones';

/** A buyer of the company, inserted directly (the clients' API has its own tests). */
export async function nuevoCliente(t: TestApp, empresa: number, serial: number, datos: Partial<typeof clientes.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(clientes)
    .values({
      EMP_CODIGO: empresa,
      CLI_TIPO_IDENTIFICACION: '05',
      CLI_IDENTIFICACION: cedulaValida(serial),
      CLI_RAZON_SOCIAL: `MARÍA JOSÉ ÑUÑEZ ${serial}`,
      CLI_DIRECCION: 'Av. 10 de Agosto N24-55, Quito',
      CLI_CORREOS: [`cliente${serial}@correo.ec`],
      ...datos,
    })
    .returning({ id: clientes.CLI_CODIGO });
  return row!.id;
}

/** The company's emission point 001-001 (seeded for Andina and Tornillo). */
export async function puntoPrincipal(t: TestApp, empresa: number) {
  const [row] = await t.db
    .select({ id: puntosEmision.PEM_CODIGO })
    .from(puntosEmision)
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .where(and(eq(establecimientos.EMP_CODIGO, empresa), eq(puntosEmision.PEM_NUMERO, '001')));
  return row!.id;
}

/** A current electronic plan with `comprobantes` documents, `usados` already used (Tornillo's seeded plan has expired). */
export async function darPlan(t: TestApp, empresa: number, comprobantes: number, usados = 0) {
  const hoy = hoyEcuador();
  await t.db.insert(planesEmpresa).values({
    EMP_CODIGO: empresa,
    PLAN_ID: 1,
    PLANEMPRESA_NOMBRE: 'Plan de pruebas',
    PLANEMPRESA_INICIO: hoy,
    PLANEMPRESA_CADUCA: sumarDias(hoy, 300),
    PLANEMPRESA_COMPROBANTES: comprobantes,
    PLANEMPRESA_USADOS: usados,
    PLANEMPRESA_PRECIO: '10.00',
  });
}

/** How many documents of the plan darPlan gave are used. */
export async function usadosDelPlan(t: TestApp, empresa: number) {
  const [plan] = await t.db
    .select({ usados: planesEmpresa.PLANEMPRESA_USADOS })
    .from(planesEmpresa)
    .where(and(eq(planesEmpresa.EMP_CODIGO, empresa), eq(planesEmpresa.PLANEMPRESA_NOMBRE, 'Plan de pruebas')));
  return plan!.usados;
}

/** Three lines at two IVA rates (15 % and 0 %), with a discount. */
export const LINEAS: LineaBorrador[] = [
  { FDE_PRINCIPAL: 'TOR-001', FDE_DESCRIPCION: 'Tornillo hexagonal 1/4"', FDE_CANTIDAD: '100', FDE_PRECIO: '0.125', FDE_IVA: '4' },
  {
    FDE_PRINCIPAL: 'MAR-016',
    FDE_DESCRIPCION: 'Martillo de uña 16 oz',
    FDE_CANTIDAD: 2,
    FDE_PRECIO: 8.5,
    FDE_DESCUENTO: '1.00',
    FDE_IVA: '4',
  },
  { FDE_DESCRIPCION: 'Servicio de corte de varilla', FDE_CANTIDAD: '1.5', FDE_PRECIO: '3.333333', FDE_IVA: '0' },
];

/** A draft whose declared totals are the domain's own (what the form would send). */
export function borrador(
  PEM_CODIGO: number,
  CLI_CODIGO: number,
  lineas: LineaBorrador[] = LINEAS,
  extra: Partial<FacturaBorrador> = {},
): FacturaBorrador {
  const entrada = lineas.map((l) => ({
    cantidad: l.FDE_CANTIDAD,
    precioUnitario: l.FDE_PRECIO,
    descuento: l.FDE_DESCUENTO,
    codigoPorcentaje: l.FDE_IVA,
  }));
  const sinPagos = calcularFactura({ lineas: entrada, pagos: [] });
  const pagos: PagoBorrador[] = extra.pagos ?? [{ FPA_FORMA: '01', FPA_TOTAL: sinPagos.importeTotal }];
  return {
    PEM_CODIGO,
    CLI_CODIGO,
    FAC_FECHA: hoyEcuador(),
    lineas,
    pagos,
    FAC_ADICIONAL: [{ nombre: 'Vendedor', valor: 'Ana Morales' }],
    totalSinImpuestos: sinPagos.totalSinImpuestos,
    totalDescuento: sinPagos.totalDescuento,
    totalIva: sinPagos.totalIva,
    importeTotal: sinPagos.importeTotal,
    ...extra,
  };
}

export async function crear(t: TestApp, token: string, body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/facturas', headers: { 'x-token': token }, payload: body as object });
}

export async function crearOk(t: TestApp, token: string, body: unknown): Promise<number> {
  const res = await crear(t, token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().FAC_CODIGO;
}
