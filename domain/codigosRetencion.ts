/**
 * The SRI's withholding codes as a dated legal table (table codigos_retencion, resource `codigosRetencion`): each row a
 * code of one tax with its percentage and the period it is in force (hasta null: still in force). The back office keeps
 * it when a resolution changes it, closing the old row with a hasta and adding the new one; a company only reads the
 * rows in force on a date. Rules both halves use: the form shows them, the API enforces them (400 in Spanish).
 */
import { esDia } from './fechas';

/** RCO_IMPUESTO: the retención's `codigo` in the XML. */
export const IMPUESTOS_RETENCION = ['1', '2', '6'] as const;
export type ImpuestoRetencion = (typeof IMPUESTOS_RETENCION)[number];
export const IMPUESTO_RETENCION_ETIQUETA: Record<ImpuestoRetencion, string> = { '1': 'Renta', '2': 'IVA', '6': 'ISD' };
export const IMPUESTO_RETENCION_CHOICES = IMPUESTOS_RETENCION.map((id) => ({ id, name: IMPUESTO_RETENCION_ETIQUETA[id] }));

/** The SRI's codigoRetencion: 1 to 5 characters, a digit first, then digits or capital letters (303, 3440, 332B, 323B1). */
export const CODIGO_RETENCION_PATTERN = '^[0-9][0-9A-Z]{0,4}$';

export const CODIGO_RETENCION_MSG = {
  impuestoInvalido: 'El impuesto debe ser 1 (renta), 2 (IVA) o 6 (ISD)',
  codigoInvalido: 'El código debe tener de 1 a 5 caracteres: un dígito primero, luego dígitos o letras mayúsculas (p. ej. 312, 3440, 332B)',
  conceptoRequerido: 'Escriba el concepto del código',
  porcentajeInvalido: 'El porcentaje debe estar entre 0 y 100, con hasta dos decimales',
  fechaInvalida: 'Las fechas desde y hasta deben ser fechas válidas (AAAA-MM-DD)',
  periodoInvalido: 'La fecha hasta no puede ser anterior a la fecha desde',
  solapado: (impuesto: string, codigo: string, desde: string, hasta: string | null) =>
    `El código ${codigo} de ${IMPUESTO_RETENCION_ETIQUETA[impuesto as ImpuestoRetencion] ?? impuesto} ya está en vigor del ${desde}${hasta ? ` al ${hasta}` : ' en adelante'}: ` +
    'cierre esa fila con una fecha hasta anterior a la nueva fecha desde',
  enUso: (usos: number) =>
    `El código se aplicó en ${usos === 1 ? '1 línea de retención' : `${usos} líneas de retención`} y no se puede eliminar: ciérrelo con una fecha hasta`,
  eliminado: (codigo: string) => `Se eliminó el código ${codigo}`,
  vigentesInvalido: 'El filtro vigentes debe ser una fecha (AAAA-MM-DD)',
} as const;

/** A percentage the table accepts: 0 to 100 with at most two decimals. */
export function porcentajeValido(valor: number): boolean {
  if (!Number.isFinite(valor) || valor < 0 || valor > 100) return false;
  const centesimas = valor * 100;
  return Math.abs(centesimas - Math.round(centesimas)) < 1e-6;
}

/** Two decimals, as the XML's porcentajeRetener and the column keep it. */
export const porcentajeTexto = (valor: number | string) => Number(valor).toFixed(2);

export type Periodo = { desde: string; hasta: string | null };

/** Whether a row is in force on a day (YYYY-MM-DD): desde ≤ día ≤ hasta, an open hasta never ends. */
export const enVigor = (periodo: Periodo, dia: string) => periodo.desde <= dia && (periodo.hasta === null || dia <= periodo.hasta);

/** Whether two periods share a day. */
export const seSolapan = (a: Periodo, b: Periodo) => a.desde <= (b.hasta ?? '9999-12-31') && b.desde <= (a.hasta ?? '9999-12-31');

export type CodigoRetencionValores = {
  RCO_IMPUESTO: string;
  RCO_CODIGO: string;
  RCO_CONCEPTO: string;
  RCO_PORCENTAJE: number;
  RCO_DESDE: string;
  RCO_HASTA?: string | null;
};

/** The first rule a row breaks (its Spanish message), or null: the checks of one row alone, overlaps apart. */
export function errorCodigoRetencion(v: CodigoRetencionValores): string | null {
  if (!(IMPUESTOS_RETENCION as readonly string[]).includes(v.RCO_IMPUESTO)) return CODIGO_RETENCION_MSG.impuestoInvalido;
  if (!new RegExp(CODIGO_RETENCION_PATTERN).test(v.RCO_CODIGO)) return CODIGO_RETENCION_MSG.codigoInvalido;
  if (!v.RCO_CONCEPTO.trim()) return CODIGO_RETENCION_MSG.conceptoRequerido;
  if (!porcentajeValido(v.RCO_PORCENTAJE)) return CODIGO_RETENCION_MSG.porcentajeInvalido;
  const hasta = v.RCO_HASTA ?? null;
  if (!esDia(v.RCO_DESDE) || (hasta !== null && !esDia(hasta))) return CODIGO_RETENCION_MSG.fechaInvalida;
  if (hasta !== null && hasta < v.RCO_DESDE) return CODIGO_RETENCION_MSG.periodoInvalido;
  return null;
}
