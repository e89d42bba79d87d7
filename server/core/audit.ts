import type { Executor } from '../infra/db/client';
import { auditoria } from '../infra/db/schema';
import type { AdminActor } from './actor';

/** A change to a back-office record, as the audit log keeps it: only the changed values, and never a secret. */
export type AuditEntry = {
  /** The resource as the web app and the API name it (asesores, bancos, perfiles, menus, administradores, configuraciones...). */
  recurso: string;
  registro: string | number;
  /** creacion, edicion, eliminacion, desactivacion, activacion, clave, menus... */
  accion: string;
  antes?: Record<string, unknown> | null;
  despues?: Record<string, unknown> | null;
};

/**
 * Records a back-office change in the audit log (table auditoria). Call it in the transaction of the change, so the
 * log never names a change that did not happen nor misses one that did. The author is the administration user who
 * makes the change.
 */
export async function recordAudit(db: Executor, admin: AdminActor, entry: AuditEntry) {
  await db.insert(auditoria).values({
    ADM_CODIGO: admin.admin,
    AUD_USUARIO: admin.nombreUsuario,
    AUD_RECURSO: entry.recurso,
    AUD_REGISTRO: String(entry.registro),
    AUD_ACCION: entry.accion,
    AUD_ANTES: entry.antes ?? null,
    AUD_DESPUES: entry.despues ?? null,
  });
}

/**
 * An edit's action in the log: activation or deactivation when the active flag is all that changed (as a removal
 * that deactivates and the lists name it), edicion otherwise.
 */
export function editAction(changed: string[], values: Record<string, unknown>, activeFlag: string): string {
  if (changed.length !== 1 || changed[0] !== activeFlag) return 'edicion';
  return values[activeFlag] ? 'activacion' : 'desactivacion';
}

/** Records a removal that deactivated the record instead of deleting it (something still names it). */
export async function recordDeactivation(db: Executor, admin: AdminActor, recurso: string, registro: number, activeFlag: string) {
  await recordAudit(db, admin, {
    recurso,
    registro,
    accion: 'desactivacion',
    antes: { [activeFlag]: true },
    despues: { [activeFlag]: false },
  });
}
