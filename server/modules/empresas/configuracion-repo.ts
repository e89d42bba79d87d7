import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../infra/db/client';
import {
  administradores,
  catalogo,
  clientes,
  empresas,
  establecimientos,
  facturas,
  puntosEmision,
  secuenciales,
} from '../../infra/db/schema';
import { found, HttpError } from '../../core/errors';
import { bumpVersion } from '../../core/companies';
import { changedFields, recordHistory } from '../../core/company-history';
import type { Actor } from '../../core/actor';
import { hoyEcuador } from '../../../domain/fechas';
import { TIPO_FACTURA } from '../facturas';
import {
  AMBIENTE_NOMBRE,
  MI_EMPRESA_MSG,
  type EstablecimientoDatos,
  type EstablecimientoEmpresa,
  type MiEmpresaDatos,
  type PrimerosPasos,
  type PuntoDatos,
} from './contract';

/**
 * The company's own set-up from its application ("Mi empresa"): its establishments and emission points, the next
 * sequential of a point that comes from another provider, and its environment. Every change locks the company's row
 * (two administrators saving at once take turns), bumps its version (a back-office page holding the old one gets 409)
 * and is recorded in its history.
 */

const trimmedOrNull = (value: string | null) => (value === null ? null : value.trim() || null);

/** The company's row, locked until the transaction ends. */
export async function lockOwnCompany(tx: Tx, empresa: number) {
  const [company] = await tx.select().from(empresas).where(eq(empresas.EMP_CODIGO, empresa)).for('update');
  return found(company);
}

/** The company's establishments with their points, the number each point's next invoice takes and its last one issued. */
export async function ownEstablishments(db: Executor, empresa: number): Promise<EstablecimientoEmpresa[]> {
  const ests = await db
    .select({
      EST_CODIGO: establecimientos.EST_CODIGO,
      EST_NUMERO: establecimientos.EST_NUMERO,
      EST_NOMBRE: establecimientos.EST_NOMBRE,
      EST_DIRECCION: establecimientos.EST_DIRECCION,
      EST_ACTIVO: establecimientos.EST_ACTIVO,
    })
    .from(establecimientos)
    .where(eq(establecimientos.EMP_CODIGO, empresa))
    .orderBy(asc(establecimientos.EST_NUMERO));
  const points = await db
    .select({
      EST_CODIGO: puntosEmision.EST_CODIGO,
      PEM_CODIGO: puntosEmision.PEM_CODIGO,
      PEM_NUMERO: puntosEmision.PEM_NUMERO,
      PEM_NOMBRE: puntosEmision.PEM_NOMBRE,
      PEM_ACTIVO: puntosEmision.PEM_ACTIVO,
      siguiente: sql<number>`coalesce(${secuenciales.SEC_SIGUIENTE}, 1)`,
      ultimo: sql<
        number | null
      >`(SELECT max(${facturas.FAC_SECUENCIAL}) FROM ${facturas} WHERE ${facturas.PEM_CODIGO} = ${puntosEmision.PEM_CODIGO} AND ${facturas.FAC_TIPO} = ${TIPO_FACTURA})`,
    })
    .from(puntosEmision)
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .leftJoin(secuenciales, and(eq(secuenciales.PEM_CODIGO, puntosEmision.PEM_CODIGO), eq(secuenciales.SEC_TIPO, TIPO_FACTURA)))
    .where(eq(establecimientos.EMP_CODIGO, empresa))
    .orderBy(asc(puntosEmision.PEM_NUMERO));
  return ests.map((est) => ({
    ...est,
    puntos: points
      .filter((p) => p.EST_CODIGO === est.EST_CODIGO)
      .map(({ EST_CODIGO: _est, siguiente, ultimo, ...p }) => ({
        ...p,
        siguiente: Number(siguiente),
        ultimo: ultimo === null ? null : Number(ultimo),
      })),
  }));
}

/** An establishment of the company; another company's is a 404. */
async function ownEstablishment(tx: Executor, empresa: number, id: number) {
  const [est] = await tx
    .select()
    .from(establecimientos)
    .where(and(eq(establecimientos.EST_CODIGO, id), eq(establecimientos.EMP_CODIGO, empresa)));
  return found(est);
}

const establishmentValues = (data: EstablecimientoDatos) => ({
  EST_NUMERO: data.EST_NUMERO,
  EST_NOMBRE: trimmedOrNull(data.EST_NOMBRE),
  EST_DIRECCION: data.EST_DIRECCION.trim(),
  EST_ACTIVO: data.EST_ACTIVO,
});

async function checkEstablishmentNumber(tx: Tx, empresa: number, numero: string, except?: number) {
  const [taken] = await tx
    .select({ id: establecimientos.EST_CODIGO })
    .from(establecimientos)
    .where(
      and(
        eq(establecimientos.EMP_CODIGO, empresa),
        eq(establecimientos.EST_NUMERO, numero),
        except === undefined ? undefined : ne(establecimientos.EST_CODIGO, except),
      ),
    );
  if (taken) throw new HttpError(409, MI_EMPRESA_MSG.establishmentTaken(numero));
}

/** Changes the company's own data (what its invoices print), recorded in its history when something changed. */
export async function updateOwnData(tx: Tx, actor: Actor, empresa: number, data: MiEmpresaDatos) {
  const company = await lockOwnCompany(tx, empresa);
  const values = { ...data, EMP_DIRECCION: data.EMP_DIRECCION === null ? null : data.EMP_DIRECCION.trim() || null };
  const { antes, despues, changed } = changedFields(company, values);
  if (!changed.length) return;
  await tx.update(empresas).set(values).where(eq(empresas.EMP_CODIGO, empresa));
  await bumpVersion(tx, empresa);
  await recordHistory(tx, actor, { empresa, accion: 'datos', descripcion: MI_EMPRESA_MSG.dataSaved, antes, despues });
}

/**
 * Adds an establishment; its number must be free in the company (409). A company without a head-office address (a
 * self-registered one) takes the first establishment's: the invoice prints it as dirMatriz, and "Datos" changes it.
 */
export async function createEstablishment(tx: Tx, actor: Actor, empresa: number, data: EstablecimientoDatos) {
  const company = await lockOwnCompany(tx, empresa);
  await checkEstablishmentNumber(tx, empresa, data.EST_NUMERO);
  const values = establishmentValues(data);
  const [{ id }] = await tx
    .insert(establecimientos)
    .values({ EMP_CODIGO: empresa, ...values })
    .returning({ id: establecimientos.EST_CODIGO });
  const matriz = company.EMP_DIRECCION ? undefined : values.EST_DIRECCION;
  if (matriz) await tx.update(empresas).set({ EMP_DIRECCION: matriz }).where(eq(empresas.EMP_CODIGO, empresa));
  await bumpVersion(tx, empresa);
  await recordHistory(tx, actor, {
    empresa,
    accion: 'datos',
    descripcion: `Agregó el establecimiento ${values.EST_NUMERO}`,
    antes: matriz ? { EMP_DIRECCION: null } : null,
    despues: { establecimiento: values, ...(matriz ? { EMP_DIRECCION: matriz } : {}) },
  });
  return id;
}

/** Changes an establishment of the company (404 for another's); its new number must be free (409). */
export async function updateEstablishment(tx: Tx, actor: Actor, empresa: number, id: number, data: EstablecimientoDatos) {
  await lockOwnCompany(tx, empresa);
  const { EMP_CODIGO: _empresa, EST_CODIGO: _id, ...antes } = await ownEstablishment(tx, empresa, id);
  await checkEstablishmentNumber(tx, empresa, data.EST_NUMERO, id);
  const values = establishmentValues(data);
  await tx.update(establecimientos).set(values).where(eq(establecimientos.EST_CODIGO, id));
  await bumpVersion(tx, empresa);
  await recordHistory(tx, actor, {
    empresa,
    accion: 'datos',
    descripcion: `Modificó el establecimiento ${values.EST_NUMERO}`,
    antes: { establecimiento: antes },
    despues: { establecimiento: values },
  });
}

async function checkPointNumber(tx: Tx, est: { EST_CODIGO: number; EST_NUMERO: string }, numero: string, except?: number) {
  const [taken] = await tx
    .select({ id: puntosEmision.PEM_CODIGO })
    .from(puntosEmision)
    .where(
      and(
        eq(puntosEmision.EST_CODIGO, est.EST_CODIGO),
        eq(puntosEmision.PEM_NUMERO, numero),
        except === undefined ? undefined : ne(puntosEmision.PEM_CODIGO, except),
      ),
    );
  if (taken) throw new HttpError(409, MI_EMPRESA_MSG.pointTaken(est.EST_NUMERO, numero));
}

/**
 * Sets the number the point's next invoice takes. The point's sequential row is written first, so an issuer on this
 * point waits for this transaction; then no invoice of the point may have this number or a later one (409).
 */
async function setNextSequential(tx: Tx, pem: number, siguiente: number) {
  await tx
    .insert(secuenciales)
    .values({ PEM_CODIGO: pem, SEC_TIPO: TIPO_FACTURA, SEC_SIGUIENTE: siguiente })
    .onConflictDoUpdate({ target: [secuenciales.PEM_CODIGO, secuenciales.SEC_TIPO], set: { SEC_SIGUIENTE: siguiente } });
  const [{ ultimo }] = await tx
    .select({ ultimo: max(facturas.FAC_SECUENCIAL) })
    .from(facturas)
    // The invoices' numbers: notes count on their own (secuenciales per type).
    .where(and(eq(facturas.PEM_CODIGO, pem), eq(facturas.FAC_TIPO, TIPO_FACTURA)));
  if (ultimo !== null && siguiente <= Number(ultimo)) throw new HttpError(409, MI_EMPRESA_MSG.belowIssued(Number(ultimo)));
}

const pointValues = (data: PuntoDatos) => ({
  PEM_NUMERO: data.PEM_NUMERO,
  PEM_NOMBRE: trimmedOrNull(data.PEM_NOMBRE),
  PEM_ACTIVO: data.PEM_ACTIVO,
});

/** Adds an emission point to an establishment of the company; its number must be free in the establishment (409). */
export async function createPoint(tx: Tx, actor: Actor, empresa: number, estId: number, data: PuntoDatos) {
  await lockOwnCompany(tx, empresa);
  const est = await ownEstablishment(tx, empresa, estId);
  await checkPointNumber(tx, est, data.PEM_NUMERO);
  const values = pointValues(data);
  const [{ id }] = await tx
    .insert(puntosEmision)
    .values({ EST_CODIGO: estId, ...values })
    .returning({ id: puntosEmision.PEM_CODIGO });
  if (data.siguiente !== undefined) await setNextSequential(tx, id, data.siguiente);
  await bumpVersion(tx, empresa);
  await recordHistory(tx, actor, {
    empresa,
    accion: 'datos',
    descripcion: `Agregó el punto de emisión ${est.EST_NUMERO}-${values.PEM_NUMERO}`,
    antes: null,
    despues: { punto: { ...values, siguiente: data.siguiente ?? 1 } },
  });
  return id;
}

/** Changes an emission point of the company (404 for another's), and its next sequential when sent. */
export async function updatePoint(tx: Tx, actor: Actor, empresa: number, id: number, data: PuntoDatos) {
  await lockOwnCompany(tx, empresa);
  const [row] = await tx
    .select({
      EST_CODIGO: establecimientos.EST_CODIGO,
      EST_NUMERO: establecimientos.EST_NUMERO,
      PEM_NUMERO: puntosEmision.PEM_NUMERO,
      PEM_NOMBRE: puntosEmision.PEM_NOMBRE,
      PEM_ACTIVO: puntosEmision.PEM_ACTIVO,
      siguiente: sql<number>`coalesce(${secuenciales.SEC_SIGUIENTE}, 1)`,
    })
    .from(puntosEmision)
    .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
    .leftJoin(secuenciales, and(eq(secuenciales.PEM_CODIGO, puntosEmision.PEM_CODIGO), eq(secuenciales.SEC_TIPO, TIPO_FACTURA)))
    .where(and(eq(puntosEmision.PEM_CODIGO, id), eq(establecimientos.EMP_CODIGO, empresa)));
  const { EST_CODIGO, EST_NUMERO, siguiente, ...antes } = found(row);
  await checkPointNumber(tx, { EST_CODIGO, EST_NUMERO }, data.PEM_NUMERO, id);
  const values = pointValues(data);
  await tx.update(puntosEmision).set(values).where(eq(puntosEmision.PEM_CODIGO, id));
  const nuevo = data.siguiente ?? Number(siguiente);
  if (data.siguiente !== undefined) await setNextSequential(tx, id, data.siguiente);
  await bumpVersion(tx, empresa);
  await recordHistory(tx, actor, {
    empresa,
    accion: 'datos',
    descripcion: `Modificó el punto de emisión ${EST_NUMERO}-${values.PEM_NUMERO}`,
    antes: { punto: { ...antes, siguiente: Number(siguiente) } },
    despues: { punto: { ...values, siguiente: nuevo } },
  });
}

/** Sets the company's environment (1 pruebas, 2 producción), recorded in its history when it changes. */
export async function setEnvironment(tx: Tx, actor: Actor, empresa: number, ambiente: number) {
  const company = await lockOwnCompany(tx, empresa);
  if (company.EMP_AMBIENTE === ambiente) return;
  await tx.update(empresas).set({ EMP_AMBIENTE: ambiente }).where(eq(empresas.EMP_CODIGO, empresa));
  await bumpVersion(tx, empresa);
  await recordHistory(tx, actor, {
    empresa,
    accion: 'datos',
    descripcion: `Cambió el ambiente de emisión de ${AMBIENTE_NOMBRE[company.EMP_AMBIENTE]} a ${AMBIENTE_NOMBRE[ambiente]}`,
    antes: { EMP_AMBIENTE: company.EMP_AMBIENTE },
    despues: { EMP_AMBIENTE: ambiente },
  });
}

const exists = (query: ReturnType<typeof sql>) => sql<boolean>`EXISTS (${query})`;

/** The company home's first steps, in one statement of indexed EXISTS checks, and its distributor's contact. */
export async function firstSteps(db: Executor, empresa: number): Promise<PrimerosPasos> {
  const hoy = hoyEcuador();
  const e = empresas.EMP_CODIGO;
  const [row] = await db
    .select({
      plan: sql<boolean>`coalesce(${empresas.EMP_PLAN_CADUCA} >= ${hoy}, false)`,
      firma: sql<boolean>`coalesce(${empresas.EMP_FIRMA_CADUCA} >= ${hoy}, false)`,
      punto: exists(
        sql`SELECT 1 FROM ${puntosEmision} JOIN ${establecimientos} ON ${establecimientos.EST_CODIGO} = ${puntosEmision.EST_CODIGO} WHERE ${establecimientos.EMP_CODIGO} = ${e} AND ${establecimientos.EST_ACTIVO} AND ${puntosEmision.PEM_ACTIVO}`,
      ),
      cliente: exists(sql`SELECT 1 FROM ${clientes} WHERE ${clientes.EMP_CODIGO} = ${e}`),
      producto: exists(sql`SELECT 1 FROM ${catalogo} WHERE ${catalogo.EMP_CODIGO} = ${e}`),
      factura: exists(
        sql`SELECT 1 FROM ${facturas} WHERE ${facturas.EMP_CODIGO} = ${e} AND ${facturas.FAC_TIPO} = ${TIPO_FACTURA} AND ${facturas.FAC_ESTADO} = 'AUTORIZADA'`,
      ),
      nombre: administradores.ADM_NOMBRE,
      correo: administradores.ADM_CORREO,
    })
    .from(empresas)
    .leftJoin(administradores, eq(administradores.ADM_CODIGO, empresas.EMP_DISTRIBUIDOR))
    .where(eq(empresas.EMP_CODIGO, empresa));
  const { nombre, correo, ...pasos } = found(row);
  return { ...pasos, distribuidor: nombre === null ? null : { nombre, correo } };
}
