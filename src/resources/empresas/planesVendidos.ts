import type { PlanEmpresa } from '../../../domain/contratos/planes';
import { inicioRenovacion, type PlanClase, type PlanTipo } from '../../../domain/planes';

/** The last day of the latest plan of a class and type the company has, or null when it has none. */
export function ultimaCaduca(planes: readonly PlanEmpresa[], clase: PlanClase, tipo: PlanTipo): string | null {
  let last: string | null = null;
  for (const p of planes)
    if (p.PLANEMPRESA_CLASE === clase && p.PLANEMPRESA_TIPO === tipo && (!last || p.PLANEMPRESA_CADUCA > last)) last = p.PLANEMPRESA_CADUCA;
  return last;
}

/** Where a new plan of that class and type starts: the day after the latest one ends, or today when it has lapsed. */
export const inicioSugerido = (planes: readonly PlanEmpresa[], clase: PlanClase, tipo: PlanTipo, hoy: string) =>
  inicioRenovacion(ultimaCaduca(planes, clase, tipo), hoy);

/** The plans that can be renewed: the latest of each class and type (a renewal starts after it). */
export function renovables(planes: readonly PlanEmpresa[]): Set<number> {
  const latest = new Map<string, PlanEmpresa>();
  for (const p of planes) {
    const key = `${p.PLANEMPRESA_CLASE}${p.PLANEMPRESA_TIPO}`;
    const current = latest.get(key);
    if (!current || p.PLANEMPRESA_CADUCA > current.PLANEMPRESA_CADUCA) latest.set(key, p);
  }
  return new Set([...latest.values()].map((p) => p.PLANEMPRESA_ID));
}
