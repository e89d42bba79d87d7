import type { Db, Tx } from '../../infra/db/client';
import type { FileStore, StoredFile } from '../../infra/files';
import { found, HttpError } from '../../core/errors';
import { esDia, hoyEcuador } from '../../../domain/fechas';
import { caducaDesde, inicioRenovacion, PLAN_CLASE_ETIQUETA, PLAN_MSG, type PlanClase } from '../../../domain/planes';
import { lockForChange } from '../../core/companies';
import { changedFields, recordHistory } from '../../core/company-history';
import { etiquetasCampos } from '../../../domain/etiquetas';
import type { AdminActor } from '../../core/actor';
import { findPayment } from '../pagos';
import { lockPlan } from '../planes';
import { deleteSale, findVisibleSale, insertSale, lastExpiry, overlappingPlan, saleById, updateSale, type SaleRow } from './repo';
import type { EdicionPlan, VentaPlan } from './contract';

/** HIS_ACCION of every plan change in the company's history. */
const accion = 'plan';

/** A day the calendar has (the schema's pattern lets 2026-02-30 through). */
function checkDay(day: string | undefined) {
  if (day !== undefined && !esDia(day)) throw new HttpError(400, PLAN_MSG.invalidDay);
}

/** The payment a plan comes from must be one of the company's own (400 otherwise); null clears it. */
async function checkPayment(tx: Tx, empresa: number, pago: number | null | undefined) {
  if (pago === undefined || pago === null) return;
  if (!(await findPayment(tx, empresa, pago))) throw new HttpError(400, PLAN_MSG.paymentNotFound);
}

/** Refuses dates that cross another plan of the company's same class and type (409 naming that plan's dates). */
async function checkOverlap(
  tx: Tx,
  line: { empresa: number; clase: string; tipo: string },
  range: { inicio: string; caduca: string },
  except?: number,
) {
  const other = await overlappingPlan(tx, line, range, except);
  if (other) throw new HttpError(409, PLAN_MSG.overlap(other.inicio, other.caduca));
}

/** What the history keeps of a sale. */
const summary = (
  sale: Pick<SaleRow, 'PLANEMPRESA_INICIO' | 'PLANEMPRESA_CADUCA' | 'PLANEMPRESA_COMPROBANTES' | 'PLANEMPRESA_PRECIO'> & Partial<SaleRow>,
) => ({
  PLANEMPRESA_ID: sale.PLANEMPRESA_ID,
  PLAN_NOMBRE: sale.PLAN_NOMBRE,
  PLANEMPRESA_INICIO: sale.PLANEMPRESA_INICIO,
  PLANEMPRESA_CADUCA: sale.PLANEMPRESA_CADUCA,
  PLANEMPRESA_COMPROBANTES: sale.PLANEMPRESA_COMPROBANTES,
  PLANEMPRESA_PRECIO: sale.PLANEMPRESA_PRECIO,
  PAG_CODIGO: sale.PAG_CODIGO ?? null,
});

/**
 * Sells a catalogue plan of one of `clases` to a company: start on the given day or where a renewal starts (the day
 * after the last plan of the same class and type ends, today when it has lapsed), end from the plan's duration,
 * documents, price, type and class copied from the catalogue. The company's row is locked first, so two sales to one
 * company run one after the other and the overlap check sees the plan the other committed.
 */
export async function sellPlan(db: Db, actor: AdminActor, body: VentaPlan, clases: readonly PlanClase[]) {
  checkDay(body.PLANEMPRESA_INICIO);
  return db.transaction(async (tx) => {
    const company = await lockForChange(tx, actor, body.EMP_CODIGO);
    const plan = await lockPlan(tx, body.PLAN_ID);
    if (!plan) throw new HttpError(400, PLAN_MSG.notFound);
    if (!clases.includes(plan.PLAN_CLASE as PlanClase)) throw new HttpError(400, PLAN_MSG.wrongClass(clases[0]));
    if (!plan.PLAN_ACTIVO) throw new HttpError(400, PLAN_MSG.retired);
    await checkPayment(tx, company.EMP_CODIGO, body.PAG_CODIGO);
    const line = { empresa: company.EMP_CODIGO, clase: plan.PLAN_CLASE, tipo: plan.PLAN_TIPO };
    const inicio = body.PLANEMPRESA_INICIO ?? inicioRenovacion(await lastExpiry(tx, line.empresa, line.clase, line.tipo), hoyEcuador());
    const caduca = caducaDesde(inicio, plan.PLAN_DIAS);
    await checkOverlap(tx, line, { inicio, caduca });
    const values = {
      EMP_CODIGO: company.EMP_CODIGO,
      PLAN_ID: plan.PLAN_ID,
      PLANEMPRESA_NOMBRE: plan.PLAN_NOMBRE,
      PLANEMPRESA_CLASE: plan.PLAN_CLASE,
      PLANEMPRESA_TIPO: plan.PLAN_TIPO,
      PLANEMPRESA_INICIO: inicio,
      PLANEMPRESA_CADUCA: caduca,
      PLANEMPRESA_COMPROBANTES: plan.PLAN_COMPROBANTES,
      PLANEMPRESA_PRECIO: body.PLANEMPRESA_PRECIO ?? plan.PLAN_PRECIO,
      PAG_CODIGO: body.PAG_CODIGO ?? null,
      ADM_CODIGO: actor.admin,
      PLANEMPRESA_OBSERVACION: body.PLANEMPRESA_OBSERVACION?.trim() || null,
    };
    const id = await insertSale(tx, values);
    await recordHistory(tx, actor, {
      empresa: company.EMP_CODIGO,
      accion,
      descripcion: `Se vendió el plan ${plan.PLAN_NOMBRE} (${PLAN_CLASE_ETIQUETA[plan.PLAN_CLASE as PlanClase]}) del ${inicio} al ${caduca}, USD ${Number(values.PLANEMPRESA_PRECIO).toFixed(2)}`,
      despues: summary({ ...values, PLANEMPRESA_ID: id, PLAN_NOMBRE: plan.PLAN_NOMBRE }),
      accionAuditoria: 'venta_plan',
    });
    return id;
  });
}

/**
 * Corrects a sale's dates, documents, price, payment or note (a class never changes: only its own route edits an
 * Orel plan). The company's row is locked before the sale is read again.
 */
export async function editSale(db: Db, actor: AdminActor, id: number, body: EdicionPlan, clase?: PlanClase) {
  checkDay(body.PLANEMPRESA_INICIO);
  checkDay(body.PLANEMPRESA_CADUCA);
  if (body.PLANEMPRESA_CADUCA < body.PLANEMPRESA_INICIO) throw new HttpError(400, PLAN_MSG.endBeforeStart);
  const visible = await findVisibleSale(db, actor, id, clase);
  await db.transaction(async (tx) => {
    await lockForChange(tx, actor, visible.EMP_CODIGO);
    const before = found(await saleById(tx, id));
    if (body.PLANEMPRESA_COMPROBANTES < before.PLANEMPRESA_USADOS) throw new HttpError(400, PLAN_MSG.usedOverTotal);
    await checkPayment(tx, before.EMP_CODIGO, body.PAG_CODIGO);
    const range = { inicio: body.PLANEMPRESA_INICIO, caduca: body.PLANEMPRESA_CADUCA };
    await checkOverlap(tx, { empresa: before.EMP_CODIGO, clase: before.PLANEMPRESA_CLASE, tipo: before.PLANEMPRESA_TIPO }, range, id);
    const after = {
      PLANEMPRESA_INICIO: body.PLANEMPRESA_INICIO,
      PLANEMPRESA_CADUCA: body.PLANEMPRESA_CADUCA,
      PLANEMPRESA_COMPROBANTES: body.PLANEMPRESA_COMPROBANTES,
      // numeric(10, 2) reads back with 2 decimals: "25" and "25.00" are the same price.
      PLANEMPRESA_PRECIO: Number(body.PLANEMPRESA_PRECIO).toFixed(2),
      ...(body.PAG_CODIGO !== undefined ? { PAG_CODIGO: body.PAG_CODIGO } : {}),
      ...(body.PLANEMPRESA_OBSERVACION !== undefined ? { PLANEMPRESA_OBSERVACION: body.PLANEMPRESA_OBSERVACION?.trim() || null } : {}),
    };
    const { antes, despues, changed } = changedFields(before as Record<string, unknown>, after);
    if (!changed.length) return;
    await updateSale(tx, id, despues);
    await recordHistory(tx, actor, {
      empresa: before.EMP_CODIGO,
      accion,
      descripcion: `Se corrigió el plan ${before.PLAN_NOMBRE} (${etiquetasCampos(changed)})`,
      antes: { PLANEMPRESA_ID: id, PLAN_NOMBRE: before.PLAN_NOMBRE, ...antes },
      despues: { PLANEMPRESA_ID: id, PLAN_NOMBRE: before.PLAN_NOMBRE, ...despues },
      accionAuditoria: 'edicion_plan',
    });
  });
}

/** Removes a sale with no document used (409 otherwise) and its file. */
export async function removeSale(files: FileStore, db: Db, actor: AdminActor, id: number) {
  const visible = await findVisibleSale(db, actor, id);
  await files.transaction(async (tx, release) => {
    await lockForChange(tx, actor, visible.EMP_CODIGO);
    const sale = found(await saleById(tx, id));
    if (sale.PLANEMPRESA_USADOS > 0) throw new HttpError(409, PLAN_MSG.removeUsed);
    await deleteSale(tx, id);
    await release(sale.ARC_ID);
    await recordHistory(tx, actor, {
      empresa: sale.EMP_CODIGO,
      accion,
      descripcion: `Se eliminó el plan ${sale.PLAN_NOMBRE} del ${sale.PLANEMPRESA_INICIO} al ${sale.PLANEMPRESA_CADUCA}`,
      antes: summary(sale),
      accionAuditoria: 'eliminacion_plan',
    });
  });
}

/** The extension a stored document is shown with (activarDescargaPlan reads it). */
const EXTENSION_OF_TYPE: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** Points the sale at its new document and releases the previous one, inside the upload's transaction. */
export async function attachDocument(
  tx: Tx,
  actor: AdminActor,
  id: number,
  file: StoredFile,
  release: (id: string | null) => Promise<void>,
) {
  const visible = found(await saleById(tx, id));
  await lockForChange(tx, actor, visible.EMP_CODIGO);
  // Read again under the lock: a removal may have committed between the two reads.
  const sale = found(await saleById(tx, id));
  await updateSale(tx, id, { ARC_ID: file.ARC_ID, PLANEMPRESA_EXTENSION: EXTENSION_OF_TYPE[file.ARC_TIPO] });
  await release(sale.ARC_ID);
  await recordHistory(tx, actor, {
    empresa: sale.EMP_CODIGO,
    accion,
    descripcion: `Se ${sale.ARC_ID ? 'reemplazó' : 'adjuntó'} el documento del plan ${sale.PLAN_NOMBRE}: ${file.ARC_NOMBRE}`,
    despues: {
      PLANEMPRESA_ID: id,
      PLAN_NOMBRE: sale.PLAN_NOMBRE,
      ARC_NOMBRE: file.ARC_NOMBRE,
      PLANEMPRESA_EXTENSION: EXTENSION_OF_TYPE[file.ARC_TIPO],
    },
    accionAuditoria: 'documento_plan',
  });
}
