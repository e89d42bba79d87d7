/** A changed field of an audit entry: its name and its value before and after (undefined: it had none). */
export type Cambio = { campo: string; antes: unknown; despues: unknown };

type Valores = Record<string, unknown> | null | undefined;

/** The fields an entry touched, in the order the change named them (after, then any only in before). */
export function cambios(antes: Valores, despues: Valores): Cambio[] {
  const campos = [...new Set([...Object.keys(despues ?? {}), ...Object.keys(antes ?? {})])];
  return campos.map((campo) => ({ campo, antes: antes?.[campo], despues: despues?.[campo] }));
}

/**
 * A stored value as people read it: a dash for nothing, Sí/No, lists separated by commas, and any other structure
 * as compact JSON (menus, establishments).
 */
export function mostrar(value: unknown, yesNo: { si: string; no: string }): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? yesNo.si : yesNo.no;
  if (Array.isArray(value)) {
    if (!value.length) return '—';
    return value.map((item) => (item !== null && typeof item === 'object' ? JSON.stringify(item) : mostrar(item, yesNo))).join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
