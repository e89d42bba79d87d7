import { useTranslate } from 'react-admin';
import { areaResources } from '../../registry/resources';

/**
 * Actions the back office records (server/core/audit.ts; a company's changes through server/core/company-history.ts);
 * another one shows as it was written.
 */
export const ACCIONES = [
  'creacion',
  'edicion',
  'eliminacion',
  'activacion',
  'desactivacion',
  'clave',
  'menus',
  'empresas',
  'imagen',
  'venta_plan',
  'edicion_plan',
  'eliminacion_plan',
  'documento_plan',
  'pago',
  'eliminacion_pago',
  'usuario',
  'firma',
  'comprobacion',
  'estado',
  'distribuidor',
  'api',
] as const;

/** How the audit screens name a resource and an action (fields: domain/etiquetas.ts). */
export function useEtiquetas() {
  const translate = useTranslate();
  const recurso = (name: string) => translate(`resources.${name}.name`, { smart_count: 2, _: name });
  const accion = (name: string) => translate(`resources.auditoria.acciones.${name}`, { _: name });
  const recursos = areaResources('admin')
    .filter((r) => r.name !== 'auditoria')
    .map((r) => ({ id: r.name, name: recurso(r.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const acciones = ACCIONES.map((id) => ({ id, name: accion(id) }));
  return { recurso, accion, recursos, acciones };
}
