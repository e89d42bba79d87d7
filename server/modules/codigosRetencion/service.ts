import type { Db, Executor } from '../../infra/db/client';
import { found, HttpError } from '../../core/errors';
import { recordAudit } from '../../core/audit';
import { changedFields } from '../../core/company-history';
import type { AdminActor } from '../../core/actor';
import { CODIGO_RETENCION_MSG, errorCodigoRetencion, porcentajeTexto, seSolapan } from '../../../domain/codigosRetencion';
import type { CodigoRetencion, CodigoRetencionDatos } from './contract';
import { bloquearCodigo, deleteCodigo, findCodigo, insertCodigo, periodosDelCodigo, updateCodigo } from './repo';

const RECURSO = 'codigosRetencion';

/** The body as stored (400 when it breaks a rule): the concept trimmed, the percentage with two decimals. */
function stored(body: CodigoRetencionDatos) {
  const error = errorCodigoRetencion(body);
  if (error) throw new HttpError(400, error);
  return {
    RCO_IMPUESTO: body.RCO_IMPUESTO,
    RCO_CODIGO: body.RCO_CODIGO,
    RCO_CONCEPTO: body.RCO_CONCEPTO.trim(),
    RCO_PORCENTAJE: porcentajeTexto(body.RCO_PORCENTAJE),
    RCO_DESDE: body.RCO_DESDE,
    RCO_HASTA: body.RCO_HASTA ?? null,
  };
}

/** 400 when another row of the same tax and code is in force on a day of the period (checked under the code's lock). */
async function refuseOverlap(tx: Executor, values: ReturnType<typeof stored>, except?: number) {
  await bloquearCodigo(tx, values.RCO_IMPUESTO, values.RCO_CODIGO);
  const periodo = { desde: values.RCO_DESDE, hasta: values.RCO_HASTA };
  const other = (await periodosDelCodigo(tx, values.RCO_IMPUESTO, values.RCO_CODIGO, except)).find((p) => seSolapan(p, periodo));
  if (other) throw new HttpError(400, CODIGO_RETENCION_MSG.solapado(values.RCO_IMPUESTO, values.RCO_CODIGO, other.desde, other.hasta));
}

export async function createCodigo(db: Db, actor: AdminActor, body: CodigoRetencionDatos): Promise<CodigoRetencion> {
  const values = stored(body);
  return db.transaction(async (tx) => {
    await refuseOverlap(tx, values);
    const id = await insertCodigo(tx, values);
    await recordAudit(tx, actor, { recurso: RECURSO, registro: id, accion: 'creacion', despues: values });
    return (await findCodigo(tx, id))!;
  });
}

/** Undefined when there is no such row. A row already applied may still be closed or corrected: the lines keep what they applied. */
export async function editCodigo(db: Db, actor: AdminActor, id: number, body: CodigoRetencionDatos): Promise<CodigoRetencion | undefined> {
  const values = stored(body);
  return db.transaction(async (tx) => {
    const before = await findCodigo(tx, id, true);
    if (!before) return undefined;
    const { antes, despues, changed } = changedFields<Record<string, unknown>>(before, values);
    if (changed.length) {
      await refuseOverlap(tx, values, id);
      await updateCodigo(tx, id, { ...values, RCO_ACTUALIZADO: new Date() });
      await recordAudit(tx, actor, { recurso: RECURSO, registro: id, accion: 'edicion', antes, despues });
    }
    return (await findCodigo(tx, id))!;
  });
}

/** Deletes a row no withholding line applied; one that was applied is a 409: it is closed with a hasta instead. */
export async function removeCodigo(db: Db, actor: AdminActor, id: number) {
  return db.transaction(async (tx) => {
    const codigo = found(await findCodigo(tx, id, true));
    if (codigo.usos > 0) throw new HttpError(409, CODIGO_RETENCION_MSG.enUso(codigo.usos));
    await deleteCodigo(tx, id);
    const { RCO_ID: _id, usos: _usos, enVigor: _enVigor, RCO_ACTUALIZADO: _actualizado, ...antes } = codigo;
    await recordAudit(tx, actor, { recurso: RECURSO, registro: id, accion: 'eliminacion', antes });
    return { RCO_ID: id, msg: CODIGO_RETENCION_MSG.eliminado(codigo.RCO_CODIGO) };
  });
}
