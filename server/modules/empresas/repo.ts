import { and, asc, count, desc, eq, gte, inArray, like, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../infra/db/client';
import {
  administradores,
  archivos,
  empresas,
  empresasHistorial,
  establecimientos,
  firmas,
  ingresos,
  menus,
  menusEmpresa,
  pagos,
  planesEmpresa,
  puntosEmision,
  soporte,
  usuarios,
} from '../../infra/db/schema';
import { databaseFailure, isUniqueViolation } from '../../infra/db/errors';
import type { Release } from '../../infra/files';
import { HttpError } from '../../core/errors';
import { paged, readPage, type ListQuery, type ListSpec, type PageRequest } from '../../core/list';
import { PERFIL } from '../../../domain/perfiles';
import { ESTADO_COMPROBACION, ESTADO_COMPROBACION_ETIQUETA, vigencia, type EstadoComprobacion } from '../../../domain/empresas';
import { bumpVersion, lockForChange, type Viewer } from '../../core/companies';
import { hoyEcuador } from '../../../domain/fechas';
import { changedFields, recordHistory } from '../../core/company-history';
import { etiquetasCampos } from '../../../domain/etiquetas';
import type { AdminActor } from '../../core/actor';
import { replaceCompanyMenus } from '../menus';
import { ingresoPage, ingresoRow } from '../ingresos';
import { latestPlan } from '../planesEmpresa';
import { olvidarCertificado } from '../firmas';
import { paymentColumns } from '../pagos';
import {
  EMPRESA_MSG,
  type EmpresaCabecera,
  type EmpresaCambios,
  type EmpresaFicha,
  type EmpresaNueva,
  type Establecimiento,
} from './contract';

/** What the history records as HIS_ACCION (see history.ts). */
const HISTORY_ACTIONS = ['creacion', 'datos', 'menus', 'usuario', 'pago', 'comprobacion', 'firma', 'estado', 'plan', 'api'] as const;

/** Name, address and phone of the company with this RUC, or of the first whose RUC starts with this cédula. */
export async function findCompanyContact(db: Db, identification: string) {
  const byPrefix =
    identification.length === 10
      ? // A natural person's RUC is the cédula plus a 3-digit establishment; the range lets the unique index serve it.
        and(
          gte(empresas.EMP_RUC, `${identification}000`),
          lte(empresas.EMP_RUC, `${identification}999`),
          like(empresas.EMP_RUC, `${identification}%`),
        )
      : undefined;
  const [company] = await db
    .select({ nombre: empresas.EMP_NOMBRE, correo: empresas.EMP_CORREO, telefono: empresas.EMP_TELEFONO })
    .from(empresas)
    .where(or(eq(empresas.EMP_RUC, identification), byPrefix))
    .orderBy(empresas.EMP_RUC)
    .limit(1);
  return company;
}

const isoDate = (value: Date) => value.toISOString();

/** The company's identity and the state of its check, plan and signature (the page's header card). */
export async function companyHeader(db: Executor, empresa: number): Promise<EmpresaCabecera | undefined> {
  const [row] = await db
    .select({
      EMP_CODIGO: empresas.EMP_CODIGO,
      EMP_RUC: empresas.EMP_RUC,
      EMP_NOMBREC: empresas.EMP_NOMBREC,
      EMP_NOMBRE: empresas.EMP_NOMBRE,
      EMP_ACTIVO: empresas.EMP_ACTIVO,
      EMP_COMPROBACION: empresas.EMP_COMPROBACION,
      EMP_DISTRIBUIDOR: empresas.EMP_DISTRIBUIDOR,
      DISTRIBUIDOR_NOMBRE: administradores.ADM_NOMBRE,
      EMP_PLAN_CADUCA: empresas.EMP_PLAN_CADUCA,
      EMP_FIRMA_CADUCA: empresas.EMP_FIRMA_CADUCA,
    })
    .from(empresas)
    .leftJoin(administradores, eq(administradores.ADM_CODIGO, empresas.EMP_DISTRIBUIDOR))
    .where(eq(empresas.EMP_CODIGO, empresa));
  if (!row) return undefined;
  const today = new Date(`${hoyEcuador()}T00:00:00Z`);
  return { ...row, planEstado: vigencia(row.EMP_PLAN_CADUCA, today), firmaEstado: vigencia(row.EMP_FIRMA_CADUCA, today) };
}

/** A company's establishments with their emission points, in SRI number order. */
async function establishmentsOf(db: Executor, empresa: number) {
  const ests = await db
    .select()
    .from(establecimientos)
    .where(eq(establecimientos.EMP_CODIGO, empresa))
    .orderBy(asc(establecimientos.EST_NUMERO));
  const points = ests.length
    ? await db
        .select()
        .from(puntosEmision)
        .where(
          inArray(
            puntosEmision.EST_CODIGO,
            ests.map((e) => e.EST_CODIGO),
          ),
        )
        .orderBy(asc(puntosEmision.PEM_NUMERO))
    : [];
  return ests.map(({ EMP_CODIGO: _empresa, ...est }) => ({
    ...est,
    puntos: points.filter((p) => p.EST_CODIGO === est.EST_CODIGO).map(({ EST_CODIGO: _est, ...p }) => p),
  }));
}

/** Everything the company page shows: the record, establishments, menus, distributor, plan, signature and counts. */
export async function companyRecord(db: Db, empresa: number): Promise<EmpresaFicha | undefined> {
  const header = await companyHeader(db, empresa);
  if (!header) return undefined;
  const [[company], ests, menuRows, plan, [firma], [{ usuarios: users }], [{ pagos: payments }]] = await Promise.all([
    db.select().from(empresas).where(eq(empresas.EMP_CODIGO, empresa)),
    establishmentsOf(db, empresa),
    db
      .select({ MEN_CODIGO: menusEmpresa.MEN_CODIGO })
      .from(menusEmpresa)
      .where(eq(menusEmpresa.EMP_CODIGO, empresa))
      .orderBy(asc(menusEmpresa.MEN_CODIGO)),
    latestPlan(db, empresa),
    db
      .select({ FIR_TITULAR: firmas.FIR_TITULAR, FIR_HASTA: firmas.FIR_HASTA })
      .from(firmas)
      .where(and(eq(firmas.EMP_CODIGO, empresa), eq(firmas.FIR_ACTUAL, true))),
    db.select({ usuarios: count() }).from(usuarios).where(eq(usuarios.COM_CODIGO, empresa)),
    db.select({ pagos: count() }).from(pagos).where(eq(pagos.EMP_CODIGO, empresa)),
  ]);
  return {
    ...header,
    EMP_CORREO: company.EMP_CORREO,
    EMP_TELEFONO: company.EMP_TELEFONO,
    EMP_CELULAR: company.EMP_CELULAR,
    EMP_DIRECCION: company.EMP_DIRECCION,
    EMP_CONTABILIDAD: company.EMP_CONTABILIDAD,
    EMP_CONTRIBUYENTE_ESPECIAL: company.EMP_CONTRIBUYENTE_ESPECIAL,
    EMP_AGENTE_RETENCION: company.EMP_AGENTE_RETENCION,
    EMP_RIMPE: company.EMP_RIMPE,
    EMP_AMBIENTE: company.EMP_AMBIENTE,
    EMP_LOGO: company.EMP_LOGO,
    EMP_MOTIVO_RECHAZO: company.EMP_MOTIVO_RECHAZO,
    EMP_FECHAREGISTRO: isoDate(company.EMP_FECHAREGISTRO),
    EMP_ACTUALIZADO: isoDate(company.EMP_ACTUALIZADO),
    EMP_VERSION: company.EMP_VERSION,
    establecimientos: ests,
    menus: menuRows.map((m) => m.MEN_CODIGO),
    plan: plan ?? null,
    firma: firma ? { FIR_TITULAR: firma.FIR_TITULAR, FIR_HASTA: isoDate(firma.FIR_HASTA) } : null,
    usuarios: users,
    pagos: payments,
  };
}

type EstablishmentInput = Establecimiento;

/** One line per establishment for the history: number, name, address, state and its emission points. */
const establishmentSummary = (
  list: Array<Omit<EstablishmentInput, 'puntos'> & { puntos: Array<{ PEM_NUMERO: string; PEM_ACTIVO: boolean }> }>,
) =>
  [...list]
    .sort((a, b) => a.EST_NUMERO.localeCompare(b.EST_NUMERO))
    .map(
      (e) =>
        `${e.EST_NUMERO}${e.EST_NOMBRE ? ` ${e.EST_NOMBRE}` : ''} (${e.EST_DIRECCION})${e.EST_ACTIVO ? '' : ' inactivo'}; puntos: ${
          [...e.puntos]
            .sort((a, b) => a.PEM_NUMERO.localeCompare(b.PEM_NUMERO))
            .map((p) => `${p.PEM_NUMERO}${p.PEM_ACTIVO ? '' : ' inactivo'}`)
            .join(', ') || 'ninguno'
        }`,
    );

function checkUniqueNumbers(list: EstablishmentInput[]) {
  const seen = new Set<string>();
  for (const est of list) {
    if (seen.has(est.EST_NUMERO)) throw new HttpError(400, EMPRESA_MSG.duplicateEstablishment(est.EST_NUMERO));
    seen.add(est.EST_NUMERO);
    const points = new Set<string>();
    for (const p of est.puntos) {
      if (points.has(p.PEM_NUMERO)) throw new HttpError(400, EMPRESA_MSG.duplicatePoint(est.EST_NUMERO, p.PEM_NUMERO));
      points.add(p.PEM_NUMERO);
    }
  }
}

const trimmedOrNull = (value: string | null) => (value === null ? null : value.trim() || null);

/**
 * Makes the company's establishments and emission points exactly this list: rows sent with their id are updated in
 * place (their ids stay), rows without one are added, rows left out are removed. Returns the history lines before and after.
 */
async function replaceEstablishments(tx: Tx, empresa: number, list: EstablishmentInput[]) {
  checkUniqueNumbers(list);
  const current = await establishmentsOf(tx, empresa);
  for (const est of list) {
    const stored = est.EST_CODIGO === undefined ? undefined : current.find((c) => c.EST_CODIGO === est.EST_CODIGO);
    if (est.EST_CODIGO !== undefined && !stored) throw new HttpError(400, EMPRESA_MSG.foreignEstablishment(est.EST_CODIGO));
    for (const p of est.puntos) {
      if (p.PEM_CODIGO !== undefined && !stored?.puntos.some((s) => s.PEM_CODIGO === p.PEM_CODIGO))
        throw new HttpError(400, EMPRESA_MSG.foreignPoint(p.PEM_CODIGO));
    }
  }
  const kept = new Set(list.map((e) => e.EST_CODIGO).filter((id) => id !== undefined));
  const removed = current.filter((c) => !kept.has(c.EST_CODIGO)).map((c) => c.EST_CODIGO);
  if (removed.length) await tx.delete(establecimientos).where(inArray(establecimientos.EST_CODIGO, removed));
  for (const est of list) {
    const values = {
      EST_NUMERO: est.EST_NUMERO,
      EST_NOMBRE: trimmedOrNull(est.EST_NOMBRE),
      EST_DIRECCION: est.EST_DIRECCION.trim(),
      EST_ACTIVO: est.EST_ACTIVO,
    };
    let id = est.EST_CODIGO;
    if (id === undefined) {
      [{ id }] = await tx
        .insert(establecimientos)
        .values({ EMP_CODIGO: empresa, ...values })
        .returning({ id: establecimientos.EST_CODIGO });
    } else {
      await tx.update(establecimientos).set(values).where(eq(establecimientos.EST_CODIGO, id));
      const keptPoints = est.puntos.map((p) => p.PEM_CODIGO).filter((p) => p !== undefined);
      await tx
        .delete(puntosEmision)
        .where(and(eq(puntosEmision.EST_CODIGO, id), keptPoints.length ? notInArray(puntosEmision.PEM_CODIGO, keptPoints) : undefined));
    }
    for (const p of est.puntos) {
      const point = { PEM_NUMERO: p.PEM_NUMERO, PEM_NOMBRE: trimmedOrNull(p.PEM_NOMBRE), PEM_ACTIVO: p.PEM_ACTIVO };
      if (p.PEM_CODIGO === undefined) await tx.insert(puntosEmision).values({ EST_CODIGO: id!, ...point });
      else await tx.update(puntosEmision).set(point).where(eq(puntosEmision.PEM_CODIGO, p.PEM_CODIGO));
    }
  }
  return { antes: establishmentSummary(current), despues: establishmentSummary(list) };
}

type CompanyFields = Omit<EmpresaCambios, 'establecimientos' | 'menus' | 'EMP_VERSION'>;

/** The editable fields as stored: text trimmed, empty optional text as null. */
function normalizedFields(body: CompanyFields) {
  const optional = (value: string | null) => trimmedOrNull(value);
  return {
    EMP_RUC: body.EMP_RUC,
    EMP_NOMBREC: body.EMP_NOMBREC.trim(),
    EMP_NOMBRE: body.EMP_NOMBRE.trim(),
    EMP_CORREO: body.EMP_CORREO.trim(),
    EMP_TELEFONO: optional(body.EMP_TELEFONO),
    EMP_CELULAR: optional(body.EMP_CELULAR),
    EMP_DIRECCION: optional(body.EMP_DIRECCION),
    EMP_CONTABILIDAD: body.EMP_CONTABILIDAD,
    EMP_CONTRIBUYENTE_ESPECIAL: body.EMP_CONTRIBUYENTE_ESPECIAL,
    EMP_AGENTE_RETENCION: body.EMP_AGENTE_RETENCION,
    EMP_RIMPE: body.EMP_RIMPE,
    EMP_AMBIENTE: body.EMP_AMBIENTE,
    EMP_ACTIVO: body.EMP_ACTIVO,
  };
}

/** The distributor a company may be assigned to: an active administration user with the distributor profile; 400 otherwise. */
async function checkDistributor(db: Executor, id: number | null) {
  if (id === null) return;
  const [found] = await db
    .select({ id: administradores.ADM_CODIGO })
    .from(administradores)
    .where(
      and(eq(administradores.ADM_CODIGO, id), eq(administradores.PRF_CODIGO, PERFIL.distribuidor), eq(administradores.ADM_ACTIVO, true)),
    );
  if (!found) throw new HttpError(400, EMPRESA_MSG.distributorNotFound);
}

/** EMP_DISTRIBUIDOR as the caller may set it: administrators choose; anyone else may only send the current value. */
async function distributorChange(db: Executor, viewer: Viewer, current: number | null, sent: number | null | undefined) {
  if (sent === undefined || sent === current) return {};
  if (viewer.perfil !== PERFIL.administrador) throw new HttpError(403, EMPRESA_MSG.distributorOnlyAdmins);
  await checkDistributor(db, sent);
  return { EMP_DISTRIBUIDOR: sent };
}

async function rucTakenByOther(db: Executor, ruc: string, empresa?: number) {
  const [other] = await db
    .select({ id: empresas.EMP_CODIGO })
    .from(empresas)
    .where(and(eq(empresas.EMP_RUC, ruc), empresa === undefined ? undefined : ne(empresas.EMP_CODIGO, empresa)));
  return Boolean(other);
}

/** A unique index that refused a save, as the 409 the client sees (a RUC registered meanwhile, or swapped numbers). */
function conflictOf(error: unknown, ruc: string): never {
  if (!isUniqueViolation(error)) throw error;
  const constraint = databaseFailure(error)?.constraint ?? '';
  throw new HttpError(409, constraint.startsWith('empresas') ? EMPRESA_MSG.rucTaken(ruc) : EMPRESA_MSG.numberSwap);
}

/**
 * Saves the company page in one transaction: its fields, establishments and points, and menus when sent. Refused
 * with 409 when the version read is stale or the RUC belongs to another company; any failure leaves nothing saved.
 */
export async function saveCompany(db: Db, actor: AdminActor, empresa: number, body: EmpresaCambios) {
  try {
    await db.transaction(async (tx) => {
      const before = await lockForChange(tx, actor, empresa, body.EMP_VERSION);
      const fields = {
        ...normalizedFields(body),
        ...(await distributorChange(tx, actor, before.EMP_DISTRIBUIDOR, body.EMP_DISTRIBUIDOR)),
      };
      if (fields.EMP_RUC !== before.EMP_RUC && (await rucTakenByOther(tx, fields.EMP_RUC, empresa)))
        throw new HttpError(409, EMPRESA_MSG.rucTaken(fields.EMP_RUC));
      const { antes, despues, changed } = changedFields(before as Record<string, unknown>, fields);
      if (changed.length) await tx.update(empresas).set(despues).where(eq(empresas.EMP_CODIGO, empresa));
      const ests = await replaceEstablishments(tx, empresa, body.establecimientos);
      const estChanged = JSON.stringify(ests.antes) !== JSON.stringify(ests.despues);
      if (estChanged) {
        antes.establecimientos = ests.antes;
        despues.establecimientos = ests.despues;
      }
      if (changed.length || estChanged) {
        await recordHistory(tx, actor, {
          empresa,
          accion: 'datos',
          descripcion: `Datos de la empresa cambiados: ${etiquetasCampos(Object.keys(despues))}`,
          antes,
          despues,
        });
      }
      const menusChanged = body.menus ? await replaceCompanyMenus(tx, actor, empresa, body.menus) : false;
      if (changed.length || estChanged || menusChanged) await bumpVersion(tx, empresa);
    });
  } catch (error) {
    conflictOf(error, body.EMP_RUC);
  }
}

type NewCompany = EmpresaNueva;

/** Creates a company by hand: verified, with the default company menus and an optional first user. */
export async function createCompanyByHand(db: Db, caller: AdminActor, body: NewCompany & { claveHash?: string }) {
  // A distributor's company is its own; only an administrator chooses the distributor; the provider's staff leave none.
  const distributor =
    caller.perfil === PERFIL.distribuidor ? caller.admin : caller.perfil === PERFIL.administrador ? (body.EMP_DISTRIBUIDOR ?? null) : null;
  if (caller.perfil === PERFIL.administrador) await checkDistributor(db, distributor);
  if (await rucTakenByOther(db, body.EMP_RUC)) throw new HttpError(409, EMPRESA_MSG.rucTaken(body.EMP_RUC));
  try {
    return await db.transaction(async (tx) => {
      const fields = normalizedFields({ ...body, EMP_ACTIVO: body.EMP_ACTIVO ?? true });
      const [created] = await tx
        .insert(empresas)
        .values({ ...fields, EMP_DISTRIBUIDOR: distributor, EMP_COMPROBACION: ESTADO_COMPROBACION.verificada })
        .returning({ EMP_CODIGO: empresas.EMP_CODIGO });
      const empresa = created.EMP_CODIGO;
      const ests = await replaceEstablishments(tx, empresa, body.establecimientos ?? []);
      const defaults = await tx.select({ MEN_CODIGO: menus.MEN_CODIGO }).from(menus).where(eq(menus.MEN_AREA, 'empresa'));
      if (defaults.length) await tx.insert(menusEmpresa).values(defaults.map((m) => ({ EMP_CODIGO: empresa, MEN_CODIGO: m.MEN_CODIGO })));
      if (body.usuario && body.claveHash) {
        await tx.insert(usuarios).values({
          COM_CODIGO: empresa,
          USU_USUARIO: body.usuario,
          USU_CLAVE: body.claveHash,
          USU_NOMBRE: body.usuario,
          USU_CORREO: fields.EMP_CORREO,
        });
      }
      await recordHistory(tx, caller, {
        empresa,
        accion: 'creacion',
        descripcion: `Empresa creada a mano por ${caller.nombreUsuario}${body.usuario ? ` con el usuario ${body.usuario}` : ''}`,
        despues: { ...fields, EMP_DISTRIBUIDOR: distributor, establecimientos: ests.despues },
      });
      return empresa;
    });
  } catch (error) {
    conflictOf(error, body.EMP_RUC);
  }
}

/** Why a company cannot be deleted (its payments, plans or tickets must stay), or undefined. */
export async function deletionBlocker(db: Executor, company: { EMP_CODIGO: number; EMP_RUC: string }) {
  const [[payment], [plan], [ticket]] = await Promise.all([
    db
      .select({ one: sql`1` })
      .from(pagos)
      .where(eq(pagos.EMP_CODIGO, company.EMP_CODIGO))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(planesEmpresa)
      .where(eq(planesEmpresa.EMP_CODIGO, company.EMP_CODIGO))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(soporte)
      .where(eq(soporte.SPT_RUC, company.EMP_RUC))
      .limit(1),
  ]);
  if (payment || plan) return EMPRESA_MSG.hasDocuments;
  if (ticket) return EMPRESA_MSG.hasTickets;
  return undefined;
}

/**
 * Deletes the company (its users, menus, history and signatures go with it); the files it held are released, and its
 * signatures' opened certificates leave this process's memory.
 */
export async function deleteCompany(tx: Tx, empresa: number, release: Release) {
  const held = await tx
    .select({ id: firmas.ARC_ID })
    .from(firmas)
    .where(eq(firmas.EMP_CODIGO, empresa))
    .union(tx.select({ id: empresas.EMP_LOGO }).from(empresas).where(eq(empresas.EMP_CODIGO, empresa)));
  const signatures = await tx.select({ id: firmas.FIR_CODIGO }).from(firmas).where(eq(firmas.EMP_CODIGO, empresa));
  await tx.delete(empresas).where(eq(empresas.EMP_CODIGO, empresa));
  for (const { id } of held) await release(id);
  // Forgetting is safe even if the transaction rolls back: a certificate still in use is opened again on its next use.
  for (const { id } of signatures) olvidarCertificado(id);
}

/** The check state and the payments an administrator reviews (the registration's proof among them), newest first. */
export async function companyCheck(
  db: Executor,
  company: { EMP_CODIGO: number; EMP_COMPROBACION: string; EMP_MOTIVO_RECHAZO: string | null },
) {
  const rows = await db
    .select({
      ...paymentColumns,
      PAG_FECHA: pagos.PAG_FECHA,
      ARC_ID: pagos.ARC_ID,
      ARC_NOMBRE: archivos.ARC_NOMBRE,
    })
    .from(pagos)
    .leftJoin(archivos, eq(archivos.ARC_ID, pagos.ARC_ID))
    .where(eq(pagos.EMP_CODIGO, company.EMP_CODIGO))
    .orderBy(desc(pagos.PAG_CODIGO));
  return {
    EMP_COMPROBACION: company.EMP_COMPROBACION,
    EMP_MOTIVO_RECHAZO: company.EMP_MOTIVO_RECHAZO,
    pagos: rows.map((r) => ({ ...r, PAG_FECHA: isoDate(r.PAG_FECHA) })),
  };
}

/** Moves the company to a check state, with the reason of a rejection, and records it; returns the company before. */
export async function setCompanyCheck(db: Db, actor: AdminActor, empresa: number, estado: EstadoComprobacion, motivo: string | null) {
  return db.transaction(async (tx) => {
    const before = await lockForChange(tx, actor, empresa);
    const after = { EMP_COMPROBACION: estado, EMP_MOTIVO_RECHAZO: motivo };
    const { antes, despues, changed } = changedFields(before as Record<string, unknown>, after);
    if (changed.length) {
      await tx
        .update(empresas)
        .set({ ...after, EMP_ACTUALIZADO: new Date() })
        .where(eq(empresas.EMP_CODIGO, empresa));
      await recordHistory(tx, actor, {
        empresa,
        accion: 'comprobacion',
        descripcion: `Verificación: ${ESTADO_COMPROBACION_ETIQUETA[estado]}${motivo ? `. Motivo: ${motivo}` : ''}`,
        antes,
        despues,
      });
    }
    return { before, changed: changed.length > 0 };
  });
}

const historyList: ListSpec<'HIS_ID'> = {
  resource: 'historial',
  table: empresasHistorial,
  key: empresasHistorial.HIS_ID,
  sort: { HIS_ID: [empresasHistorial.HIS_ID] },
  defaultSort: ['HIS_ID', 'DESC'],
  filters: { HIS_ACCION: { type: 'enum', column: empresasHistorial.HIS_ACCION, values: HISTORY_ACTIONS } },
  defaultRange: [0, 24],
};

const historyPage = (db: Db, request: PageRequest) =>
  paged(
    db
      .select({
        HIS_ID: empresasHistorial.HIS_ID,
        HIS_FECHA: empresasHistorial.HIS_FECHA,
        HIS_USUARIO: empresasHistorial.HIS_USUARIO,
        HIS_ACCION: empresasHistorial.HIS_ACCION,
        HIS_DESCRIPCION: empresasHistorial.HIS_DESCRIPCION,
        HIS_ANTES: empresasHistorial.HIS_ANTES,
        HIS_DESPUES: empresasHistorial.HIS_DESPUES,
      })
      .from(empresasHistorial)
      .$dynamic(),
    request,
  );

/** A page of the company's history, newest first. */
export function companyHistory(db: Db, empresa: number, query: ListQuery) {
  return readPage(
    db,
    historyList,
    query,
    historyPage,
    (r) => ({
      ...r,
      HIS_FECHA: isoDate(r.HIS_FECHA),
      HIS_ANTES: r.HIS_ANTES as Record<string, unknown> | null,
      HIS_DESPUES: r.HIS_DESPUES as Record<string, unknown> | null,
    }),
    eq(empresasHistorial.EMP_CODIGO, empresa),
  );
}

const accessList: ListSpec<'ING_FECHA'> = {
  resource: 'accesos',
  table: ingresos,
  key: ingresos.ING_CODIGO,
  sort: { ING_FECHA: [ingresos.ING_CODIGO] },
  defaultSort: ['ING_FECHA', 'DESC'],
  filters: {},
  defaultRange: [0, 24],
};

/** A page of the distributors' entries into this company's application, newest first. */
export function companyAccesses(db: Db, empresa: number, query: ListQuery) {
  // The back office's log of entries, for one company (the company's columns are left out by the contract).
  return readPage(db, accessList, query, ingresoPage, ingresoRow, eq(ingresos.EMP_CODIGO, empresa));
}

/** Points the company at its logo (an archivos id) or at none; the version stays: a page being edited can still save. */
export async function setCompanyLogo(tx: Executor, empresa: number, logo: string | null) {
  await tx.update(empresas).set({ EMP_LOGO: logo }).where(eq(empresas.EMP_CODIGO, empresa));
}

/** A logo file's name, type and size, for the history (never its bytes); null without one. */
export async function logoFile(tx: Executor, logo: string | null) {
  if (!logo) return null;
  const [file] = await tx
    .select({ ARC_NOMBRE: archivos.ARC_NOMBRE, ARC_TIPO: archivos.ARC_TIPO, ARC_TAMANO: archivos.ARC_TAMANO })
    .from(archivos)
    .where(eq(archivos.ARC_ID, logo));
  return file ?? null;
}
