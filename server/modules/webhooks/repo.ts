import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { webhooks, webhooksEntregas as e } from '../../infra/db/schema';
import { consultaLista, escapeLike, SCOPE_EMPRESA, type ListSpec } from '../../core/list';
import { TIPOS_DOCUMENTO } from '../../../domain/facturas/catalogos';
import { EVENTOS_WEBHOOK } from '../../../domain/integraciones';
import type { Entrega, EntregaDetalle, Webhook } from './contract';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** What the screens read of an endpoint, with its log's counts: never its secret. */
const columns = {
  WEB_CODIGO: webhooks.WEB_CODIGO,
  WEB_URL: webhooks.WEB_URL,
  WEB_DESCRIPCION: webhooks.WEB_DESCRIPCION,
  WEB_EVENTOS: webhooks.WEB_EVENTOS,
  WEB_ACTIVO: webhooks.WEB_ACTIVO,
  WEB_CREADO: webhooks.WEB_CREADO,
  pendientes:
    sql<number>`(SELECT count(*) FROM ${e} WHERE ${e.WEB_CODIGO} = ${webhooks.WEB_CODIGO} AND ${e.ENT_ESTADO} = 'PENDIENTE')`.mapWith(
      Number,
    ),
  fallidas: sql<number>`(SELECT count(*) FROM ${e} WHERE ${e.WEB_CODIGO} = ${webhooks.WEB_CODIGO} AND ${e.ENT_ESTADO} = 'FALLIDA')`.mapWith(
    Number,
  ),
  ultimaEntrega: sql<
    string | null
  >`(SELECT max(${e.ENT_INTENTOS_DETALLE} -> -1 ->> 'fecha') FROM ${e} WHERE ${e.WEB_CODIGO} = ${webhooks.WEB_CODIGO})`,
};

const selectWebhooks = (db: Executor) => db.select(columns).from(webhooks);
type WebhookRow = Awaited<ReturnType<ReturnType<typeof selectWebhooks>['execute']>>[number];
const toWebhook = (row: WebhookRow): Webhook => ({ ...row, WEB_CREADO: iso(row.WEB_CREADO), ultimaEntrega: row.ultimaEntrega });

const webhookSpec: ListSpec<'WEB_CODIGO' | 'WEB_URL' | 'id'> = {
  resource: 'webhooks',
  table: webhooks,
  key: webhooks.WEB_CODIGO,
  sort: { WEB_CODIGO: [webhooks.WEB_CODIGO], WEB_URL: [webhooks.WEB_URL, webhooks.WEB_CODIGO], id: [webhooks.WEB_CODIGO] },
  defaultSort: ['WEB_CODIGO', 'ASC'],
  filters: {
    // Part of the URL or of the description.
    q: {
      type: 'search',
      where: (text, bind) => {
        const pattern = bind(`%${escapeLike(text)}%`);
        return sql`(${webhooks.WEB_URL} ILIKE ${pattern} OR ${webhooks.WEB_DESCRIPCION} ILIKE ${pattern})`;
      },
    },
    WEB_ACTIVO: { type: 'boolean', column: webhooks.WEB_ACTIVO },
    id: { type: 'ids', column: webhooks.WEB_CODIGO },
    [SCOPE_EMPRESA]: { type: 'integer', column: webhooks.EMP_CODIGO, partition: true },
  },
  defaultRange: 'all',
};

export const listWebhooks = consultaLista({
  spec: webhookSpec,
  filtros: ['q', 'WEB_ACTIVO', 'id'],
  alcance: (empresa: number) => ({ [SCOPE_EMPRESA]: empresa }),
  seleccion: (db) => selectWebhooks(db).$dynamic(),
  fila: toWebhook,
}).listar;

/** The company's endpoint by id (another company's is not found), optionally locked until the transaction ends. */
export async function findWebhook(db: Executor, empresa: number, id: number, lock = false): Promise<Webhook | undefined> {
  const query = selectWebhooks(db).where(and(eq(webhooks.WEB_CODIGO, id), eq(webhooks.EMP_CODIGO, empresa)));
  const [row] = lock ? await query.for('update', { of: webhooks }) : await query;
  return row && toWebhook(row);
}

export async function insertWebhook(db: Executor, values: typeof webhooks.$inferInsert): Promise<number> {
  const [row] = await db.insert(webhooks).values(values).returning({ id: webhooks.WEB_CODIGO });
  return row.id;
}

export const updateWebhook = (db: Executor, id: number, values: Partial<typeof webhooks.$inferInsert>) =>
  db.update(webhooks).set(values).where(eq(webhooks.WEB_CODIGO, id));

export const deleteWebhook = (db: Executor, id: number) => db.delete(webhooks).where(eq(webhooks.WEB_CODIGO, id));

/** The delivery log's columns: the last attempt's answer and which document, never the whole body. */
const deliveryColumns = {
  ENT_CODIGO: e.ENT_CODIGO,
  WEB_CODIGO: e.WEB_CODIGO,
  ENT_EVENTO: e.ENT_EVENTO,
  FAC_CODIGO: e.FAC_CODIGO,
  ENT_ESTADO: e.ENT_ESTADO,
  ENT_INTENTOS: e.ENT_INTENTOS,
  ENT_PROXIMO: e.ENT_PROXIMO,
  ENT_CREADA: e.ENT_CREADA,
  ENT_ENTREGADA: e.ENT_ENTREGADA,
  ultimoCodigo: sql<number | null>`(${e.ENT_INTENTOS_DETALLE} -> -1 ->> 'codigo')::integer`,
  ultimoError: sql<string | null>`${e.ENT_INTENTOS_DETALLE} -> -1 ->> 'error'`,
  tipo: sql<string | null>`${e.ENT_CUERPO} -> 'comprobante' ->> 'tipo'`,
  numero: sql<string | null>`${e.ENT_CUERPO} -> 'comprobante' ->> 'numero'`,
};

const selectDeliveries = (db: Executor) => db.select(deliveryColumns).from(e);
type DeliveryRow = Awaited<ReturnType<ReturnType<typeof selectDeliveries>['execute']>>[number];

/** "Factura 001-001-000000123", or what a ping is. */
function resumenDe(row: Pick<DeliveryRow, 'tipo' | 'numero' | 'ENT_EVENTO'>): string {
  if (!row.tipo) return row.ENT_EVENTO === 'ping' ? 'Prueba' : '';
  const nombre = TIPOS_DOCUMENTO[row.tipo as keyof typeof TIPOS_DOCUMENTO] ?? `Comprobante ${row.tipo}`;
  return row.numero ? `${nombre} ${row.numero}` : nombre;
}

const toEntrega = ({ tipo, numero, ...row }: DeliveryRow): Entrega => ({
  ...row,
  ENT_PROXIMO: row.ENT_ESTADO === 'PENDIENTE' ? iso(row.ENT_PROXIMO) : null,
  ENT_CREADA: iso(row.ENT_CREADA),
  ENT_ENTREGADA: isoOrNull(row.ENT_ENTREGADA),
  ultimoCodigo: row.ultimoCodigo === null ? null : Number(row.ultimoCodigo),
  resumen: resumenDe({ tipo, numero, ENT_EVENTO: row.ENT_EVENTO }),
});

const SCOPE_WEBHOOK = '_webhook';

const deliverySpec: ListSpec<'ENT_CODIGO' | 'id'> = {
  resource: 'entregas',
  table: e,
  key: e.ENT_CODIGO,
  sort: { ENT_CODIGO: [e.ENT_CODIGO], id: [e.ENT_CODIGO] },
  defaultSort: ['ENT_CODIGO', 'DESC'],
  filters: {
    // Part of the event's name or of the document's number.
    q: {
      type: 'search',
      where: (text, bind) => {
        const pattern = bind(`%${escapeLike(text)}%`);
        return sql`(${e.ENT_EVENTO} ILIKE ${pattern} OR ${e.ENT_CUERPO} #>> '{comprobante,numero}' ILIKE ${pattern})`;
      },
    },
    ENT_ESTADO: { type: 'enum', column: e.ENT_ESTADO, values: ['PENDIENTE', 'ENTREGADA', 'FALLIDA'] },
    ENT_EVENTO: { type: 'enum', column: e.ENT_EVENTO, values: [...EVENTOS_WEBHOOK, 'ping'] },
    id: { type: 'ids', column: e.ENT_CODIGO },
    [SCOPE_EMPRESA]: { type: 'integer', column: e.EMP_CODIGO },
    [SCOPE_WEBHOOK]: { type: 'integer', column: e.WEB_CODIGO as AnyColumn, partition: true },
  },
  defaultRange: [0, 24],
};

/** One endpoint's log, newest first; the company is in the scope too, so another company's endpoint lists nothing. */
export const listDeliveries = consultaLista({
  spec: deliverySpec,
  filtros: ['q', 'ENT_ESTADO', 'ENT_EVENTO', 'id'],
  alcance: (a: { empresa: number; webhook: number }) => ({ [SCOPE_EMPRESA]: a.empresa, [SCOPE_WEBHOOK]: a.webhook }),
  seleccion: (db) => selectDeliveries(db).$dynamic(),
  fila: toEntrega,
}).listar;

/** One delivery of the company's endpoint, with its body and attempts; undefined for another's or a missing one. */
export async function findDelivery(db: Executor, empresa: number, webhook: number, id: number): Promise<EntregaDetalle | undefined> {
  const [row] = await db
    .select({ ...deliveryColumns, cuerpo: e.ENT_CUERPO, intentos: e.ENT_INTENTOS_DETALLE })
    .from(e)
    .where(and(eq(e.ENT_CODIGO, id), eq(e.WEB_CODIGO, webhook), eq(e.EMP_CODIGO, empresa)));
  if (!row) return undefined;
  const { cuerpo, intentos, ...resto } = row;
  return { ...toEntrega(resto), cuerpo, intentos: intentos as EntregaDetalle['intentos'] };
}

/**
 * Due now again, keeping its id and attempts. The 24 hours count from the event (ENT_CREADA): a FALLIDA one gets one
 * more try by hand, and goes back to FALLIDA if it fails. False when it is not there.
 */
export async function redeliver(db: Executor, empresa: number, webhook: number, id: number): Promise<boolean> {
  const rows = await db
    .update(e)
    .set({
      ENT_ESTADO: 'PENDIENTE',
      ENT_PROXIMO: sql`now()`,
      // A try in flight keeps its lease: its answer is recorded, and no second worker POSTs it at the same time.
      ENT_TOMADA_HASTA: sql`CASE WHEN ${e.ENT_TOMADA_HASTA} > now() THEN ${e.ENT_TOMADA_HASTA} END`,
    })
    .where(and(eq(e.ENT_CODIGO, id), eq(e.WEB_CODIGO, webhook), eq(e.EMP_CODIGO, empresa)))
    .returning({ id: e.ENT_CODIGO });
  return rows.length > 0;
}
