import { useTranslate } from 'react-admin';
import { areaResources } from '../../registry/resources';

/** Actions the back office records (server/core/audit.ts); another one shows as it was written. */
export const ACCIONES = ['creacion', 'edicion', 'eliminacion', 'activacion', 'desactivacion', 'clave', 'menus', 'empresas'] as const;

/** How the audit screens name a resource, an action and a field of a resource. */
export function useEtiquetas() {
  const translate = useTranslate();
  const recurso = (name: string) => translate(`resources.${name}.name`, { smart_count: 2, _: name });
  const accion = (name: string) => translate(`resources.auditoria.acciones.${name}`, { _: name });
  const campo = (resource: string, field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });
  const recursos = areaResources('admin')
    .filter((r) => r.name !== 'auditoria')
    .map((r) => ({ id: r.name, name: recurso(r.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const acciones = ACCIONES.map((id) => ({ id, name: accion(id) }));
  return { recurso, accion, campo, recursos, acciones };
}
