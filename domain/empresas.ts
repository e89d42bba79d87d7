/**
 * Company rules both halves use: the check state a registered company goes through, the RIMPE regimes, the SRI
 * environments, and how the list names a plan's or a signature's status from its expiry date.
 */

/** Check state (EMP_COMPROBACION): a company that registers itself waits until an administrator reviews its payment. */
export const ESTADO_COMPROBACION = {
  pendiente: 'PENDIENTE',
  verificada: 'VERIFICADA',
  rechazada: 'RECHAZADA',
} as const;
export type EstadoComprobacion = (typeof ESTADO_COMPROBACION)[keyof typeof ESTADO_COMPROBACION];
export const ESTADOS_COMPROBACION: readonly EstadoComprobacion[] = Object.values(ESTADO_COMPROBACION);
export const ESTADO_COMPROBACION_ETIQUETA: Record<EstadoComprobacion, string> = {
  PENDIENTE: 'Por verificar',
  VERIFICADA: 'Verificada',
  RECHAZADA: 'Rechazada',
};

/** RIMPE regime (EMP_RIMPE), with the legend the SRI's schema expects on documents (contribuyenteRimpe). */
export const REGIMEN_RIMPE = {
  EMPRENDEDOR: 'CONTRIBUYENTE RÉGIMEN RIMPE',
  NEGOCIO_POPULAR: 'CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE',
} as const;
export type RegimenRimpe = keyof typeof REGIMEN_RIMPE;

/** SRI environment (EMP_AMBIENTE). */
export const AMBIENTE = { pruebas: 1, produccion: 2 } as const;

/** Days before expiry from which a plan or a signature is "por vencer" (and comprobarfirmaPlan warns). */
export const DIAS_AVISO_VENCIMIENTO = 30;

/** Status of something that expires (a plan, a signature), as the company list filters and shows it. */
export type EstadoVigencia = 'vigente' | 'por_vencer' | 'vencido' | 'sin';
export const ESTADOS_VIGENCIA: readonly EstadoVigencia[] = ['vigente', 'por_vencer', 'vencido', 'sin'];

/** YYYY-MM-DD of a date (UTC), the format every date of the API uses. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The status of an expiry date (YYYY-MM-DD, or null when there is none) on a given day. */
export const vigencia = (caduca: string | null, hoy: Date): EstadoVigencia => vigenciaEn(hoy)(caduca);

/** vigencia() for many dates on one day (a list page): the day's bounds are computed once. */
export function vigenciaEn(hoy: Date): (caduca: string | null) => EstadoVigencia {
  const today = isoDay(hoy);
  const aviso = isoDay(new Date(hoy.getTime() + DIAS_AVISO_VENCIMIENTO * 86_400_000));
  return (caduca) => (!caduca ? 'sin' : caduca < today ? 'vencido' : caduca <= aviso ? 'por_vencer' : 'vigente');
}
