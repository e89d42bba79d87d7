import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../infra/db/client';
import { configuraciones, planes, planesEmpresa } from '../../infra/db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../../infra/db/errors';
import { HttpError } from '../../core/errors';
import { contains, paged, readFilter, readPage, type ListQuery, type ListSpec, type PageRequest } from '../../core/list';
import {
  conIva,
  PLAN_CLASES,
  PLAN_MSG,
  PLAN_TIPO_DEFECTO,
  PLAN_TIPO_TODOS,
  PLAN_TIPOS,
  type PlanClase,
  type PlanTipo,
} from '../../../domain/planes';
import type { Plan, PlanCuerpo } from './contract';

/** The setting that holds the catalogue's default type: CON_CODIGO 4, value 1 (V, C or T). */
const DEFAULT_TYPE_SETTING = 4;

/** A PLAN_TIPO filter value: V or C filter, T is every type; anything else is a 400 with the Spanish rule. */
export function typeCondition(value: string): SQL | undefined {
  const tipo = value.trim().toUpperCase();
  if (tipo === PLAN_TIPO_TODOS) return undefined;
  if (!PLAN_TIPOS.includes(tipo as PlanTipo)) throw new HttpError(400, PLAN_MSG.invalidType);
  return eq(planes.PLAN_TIPO, tipo);
}

/** The catalogue's default type: the setting when it holds V, C or T, else sales (PLAN_TIPO_DEFECTO). */
export async function defaultType(db: Executor): Promise<string> {
  const [row] = await db
    .select({ value: configuraciones.CON_VALOR1 })
    .from(configuraciones)
    .where(eq(configuraciones.CON_CODIGO, DEFAULT_TYPE_SETTING));
  const value = row?.value?.trim().toUpperCase();
  return value && [...PLAN_TIPOS, PLAN_TIPO_TODOS].includes(value) ? value : PLAN_TIPO_DEFECTO;
}

/**
 * How many times the plan was sold: the (plan_id) index of planes_empresa, one probe per catalogue row. The outer
 * column is spelled out: a one-table select writes its columns unqualified, and inside the subquery "plan_id" would be
 * planes_empresa's own.
 */
const vendidos = sql<number>`(SELECT count(*)::int FROM ${planesEmpresa} WHERE ${planesEmpresa.PLAN_ID} = ${sql.identifier('planes')}.${sql.identifier('plan_id')})`;

const columns = {
  PLAN_ID: planes.PLAN_ID,
  PLAN_NOMBRE: planes.PLAN_NOMBRE,
  PLAN_TIPO: planes.PLAN_TIPO,
  PLAN_CLASE: planes.PLAN_CLASE,
  PLAN_COMPROBANTES: planes.PLAN_COMPROBANTES,
  PLAN_DIAS: planes.PLAN_DIAS,
  PLAN_PRECIO: planes.PLAN_PRECIO,
  PLAN_DESCRIPCION: planes.PLAN_DESCRIPCION,
  PLAN_ACTIVO: planes.PLAN_ACTIVO,
  vendidos,
};
type Row = { [K in keyof typeof columns]: K extends 'vendidos' ? number : (typeof planes.$inferSelect)[Exclude<K, 'vendidos'>] };

/** A catalogue row as the API sends it: the price before IVA, its IVA and the total, 2 decimals each. */
export function toPlan(row: Row): Plan {
  const { base, iva, total } = conIva(row.PLAN_PRECIO);
  return {
    ...row,
    PLAN_TIPO: row.PLAN_TIPO as PlanTipo,
    PLAN_CLASE: row.PLAN_CLASE as PlanClase,
    PLAN_PRECIO: base.toFixed(2),
    PLAN_IVA: iva.toFixed(2),
    PLAN_TOTAL: total.toFixed(2),
    vendidos: Number(row.vendidos),
  };
}

const SORTS = {
  PLAN_ID: [planes.PLAN_ID],
  PLAN_NOMBRE: [planes.PLAN_NOMBRE, planes.PLAN_ID],
  PLAN_COMPROBANTES: [planes.PLAN_COMPROBANTES, planes.PLAN_ID],
  PLAN_DIAS: [planes.PLAN_DIAS, planes.PLAN_ID],
  PLAN_PRECIO: [planes.PLAN_PRECIO, planes.PLAN_ID],
  id: [planes.PLAN_ID],
};

/** The catalogue is small (tens of plans): without a range it is sent whole. */
const spec: ListSpec<keyof typeof SORTS> = {
  resource: 'planes',
  table: planes,
  sort: SORTS,
  defaultSort: ['PLAN_ID', 'ASC'],
  filters: {
    q: { type: 'search', where: (text, bind) => contains(planes.PLAN_NOMBRE, text, bind) },
    PLAN_TIPO: { type: 'search', where: (text) => typeCondition(text) },
    PLAN_CLASE: { type: 'enum', column: planes.PLAN_CLASE, values: PLAN_CLASES },
    PLAN_ACTIVO: { type: 'boolean', column: planes.PLAN_ACTIVO },
    id: { type: 'ids', column: planes.PLAN_ID },
  },
  defaultRange: 'all',
};

const catalogPage = (db: Db, request: PageRequest) => paged(db.select(columns).from(planes).$dynamic(), request);

/** Whether the filter names PLAN_TIPO itself (then the plain ?PLAN_TIPO and the default give way). */
function filterNamesType(query: ListQuery): boolean {
  try {
    return 'PLAN_TIPO' in readFilter(query.filter);
  } catch {
    return false; // readPage answers the 400, after the range's and the sort's.
  }
}

/**
 * A page of the catalogue. The plain ?PLAN_TIPO=V|C|T filters by type unless it is T; without it, the default
 * type of the settings applies, unless the simple-rest filter names PLAN_TIPO itself.
 */
export async function listPlans(db: Db, query: ListQuery & { PLAN_TIPO?: string }) {
  const tipo = query.PLAN_TIPO ?? (filterNamesType(query) ? PLAN_TIPO_TODOS : await defaultType(db));
  return readPage(db, spec, query, catalogPage, toPlan, typeCondition(tipo));
}

export async function findPlan(db: Executor, id: number): Promise<Plan | undefined> {
  const [row] = await db.select(columns).from(planes).where(eq(planes.PLAN_ID, id));
  return row && toPlan(row);
}

/** The catalogue plan with its row locked, for a sale (a retirement waits for the sale, or the sale for it). */
export async function lockPlan(tx: Executor, id: number) {
  const [row] = await tx.select().from(planes).where(eq(planes.PLAN_ID, id)).for('share');
  return row;
}

const stored = (body: PlanCuerpo) => ({
  PLAN_NOMBRE: body.PLAN_NOMBRE.trim(),
  PLAN_COMPROBANTES: body.PLAN_COMPROBANTES,
  PLAN_DIAS: body.PLAN_DIAS,
  PLAN_PRECIO: body.PLAN_PRECIO,
  ...(body.PLAN_TIPO ? { PLAN_TIPO: body.PLAN_TIPO } : {}),
  ...(body.PLAN_CLASE ? { PLAN_CLASE: body.PLAN_CLASE } : {}),
  ...(body.PLAN_DESCRIPCION !== undefined ? { PLAN_DESCRIPCION: body.PLAN_DESCRIPCION?.trim() || null } : {}),
  ...(body.PLAN_ACTIVO !== undefined ? { PLAN_ACTIVO: body.PLAN_ACTIVO } : {}),
});

/** The unique (name, type, class) index as the 409 the administrator reads. */
function nameConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw new HttpError(409, PLAN_MSG.nameTaken);
  throw error;
}

export async function createPlan(db: Db, body: PlanCuerpo): Promise<Plan> {
  try {
    const [row] = await db
      .insert(planes)
      .values({ PLAN_TIPO: PLAN_TIPO_DEFECTO, ...stored(body) })
      .returning({ id: planes.PLAN_ID });
    return (await findPlan(db, row.id))!;
  } catch (error) {
    nameConflict(error);
  }
}

/** Changes a catalogue plan; plans already sold keep what they were sold with (their own copy). Undefined when missing. */
export async function updatePlan(db: Db, id: number, body: PlanCuerpo): Promise<Plan | undefined> {
  try {
    const changed = await db.update(planes).set(stored(body)).where(eq(planes.PLAN_ID, id)).returning({ id: planes.PLAN_ID });
    return changed.length ? findPlan(db, id) : undefined;
  } catch (error) {
    nameConflict(error);
  }
}

/**
 * Deletes a plan never sold; a plan that was sold is retired instead (PLAN_ACTIVO false), so its sales keep their
 * catalogue row. A sale committed meanwhile makes the delete fail on the foreign key: then it is retired too.
 */
export async function deleteOrRetirePlan(db: Db, id: number): Promise<'deleted' | 'retired' | undefined> {
  const plan = await findPlan(db, id);
  if (!plan) return undefined;
  const retire = async () => {
    await db.update(planes).set({ PLAN_ACTIVO: false }).where(eq(planes.PLAN_ID, id));
    return 'retired' as const;
  };
  if (plan.vendidos > 0) return retire();
  try {
    await db.delete(planes).where(and(eq(planes.PLAN_ID, id)));
    return 'deleted';
  } catch (error) {
    if (isForeignKeyViolation(error)) return retire();
    throw error;
  }
}
