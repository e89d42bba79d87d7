/**
 * Plan rules both halves use: types and classes, the dates of a sale and of a renewal, the state a plan is in on a
 * day, the printing-house flags (activarDescargaPlan, activarEditarPlan), consumption thresholds and prices with IVA.
 * Days are YYYY-MM-DD in Ecuador (domain/fechas.ts).
 */
import { diasEntre, sumarDias } from './fechas';
import { DIAS_AVISO_VENCIMIENTO } from './empresas';
import type { UploadRule } from './archivos';

/** PLAN_TIPO: V sales (the default), C purchases. T is only a filter value: every type. */
export const PLAN_TIPO = { ventas: 'V', compras: 'C' } as const;
export type PlanTipo = (typeof PLAN_TIPO)[keyof typeof PLAN_TIPO];
export const PLAN_TIPOS: readonly PlanTipo[] = ['V', 'C'];
export const PLAN_TIPO_TODOS = 'T';
export const PLAN_TIPO_DEFECTO: PlanTipo = 'V';
export const PLAN_TIPO_ETIQUETA: Record<PlanTipo, string> = { V: 'Ventas', C: 'Compras' };

/** PLAN_CLASE: what the plan sells. E electronic documents, I printing-house authorization, O Orel. */
export const PLAN_CLASE = { electronico: 'E', imprenta: 'I', orel: 'O' } as const;
export type PlanClase = (typeof PLAN_CLASE)[keyof typeof PLAN_CLASE];
export const PLAN_CLASES: readonly PlanClase[] = ['E', 'I', 'O'];
export const PLAN_CLASE_ETIQUETA: Record<PlanClase, string> = {
  E: 'Comprobantes electrónicos',
  I: 'Autorización de imprenta',
  O: 'Orel',
};

/** IVA on the provider's own sales (15 % since April 2024); catalogue prices are before IVA. */
export const IVA_PLANES = 0.15;

/** Rounds USD half-up to cents, on integer cents so 1.005 is 1.01. */
export const redondear = (usd: number) => Math.round((usd + Number.EPSILON) * 100) / 100;

/** A price before IVA, its IVA and its total, as the catalogue and a sale show them. */
export function conIva(precio: string | number) {
  const base = redondear(Number(precio));
  const iva = redondear(base * IVA_PLANES);
  return { base, iva, total: redondear(base + iva) };
}

/** USD with 2 decimals at most, 0 to 99 999.99 ("25", "25.5", "25.50"). */
export const PRECIO = /^\d{1,5}(?:\.\d{1,2})?$/;

/** The last day of a plan that starts on `inicio` and lasts `dias` days (a 365-day plan from 2026-01-01 ends 2026-12-31). */
export const caducaDesde = (inicio: string, dias: number) => sumarDias(inicio, dias - 1);

/**
 * Where a renewal starts: the day after the current plan ends while it has not lapsed, today when it has (or there is none).
 */
export function inicioRenovacion(caducaActual: string | null | undefined, hoy: string): string {
  if (!caducaActual || caducaActual < hoy) return hoy;
  return sumarDias(caducaActual, 1);
}

/** Two date ranges (inclusive) share at least one day. */
export const seSolapan = (a: { inicio: string; caduca: string }, b: { inicio: string; caduca: string }) =>
  a.inicio <= b.caduca && b.inicio <= a.caduca;

/** From this share of documents used, the company is warned (comprobarfirmaPlan). */
export const UMBRAL_CONSUMO = 0.9;

/**
 * The state of a sold plan on a day, for its chip: programado (starts later), agotado (every document used), vencido,
 * por_vencer (ends within DIAS_AVISO_VENCIMIENTO days) or vigente. A plan both used up and expired reads vencido.
 */
export type EstadoPlan = 'vigente' | 'por_vencer' | 'vencido' | 'agotado' | 'programado';
export const ESTADOS_PLAN: readonly EstadoPlan[] = ['vigente', 'por_vencer', 'vencido', 'agotado', 'programado'];
export const ESTADO_PLAN_ETIQUETA: Record<EstadoPlan, string> = {
  vigente: 'Vigente',
  por_vencer: 'Por vencer',
  vencido: 'Vencido',
  agotado: 'Agotado',
  programado: 'Programado',
};

export type PlanVendido = { inicio: string; caduca: string; comprobantes: number; usados: number; clase: PlanClase };

export function estadoPlan(plan: PlanVendido, hoy: string): EstadoPlan {
  if (plan.caduca < hoy) return 'vencido';
  if (plan.inicio > hoy) return 'programado';
  // Only electronic-document plans are consumed: the other classes never run out.
  if (plan.clase === PLAN_CLASE.electronico && plan.usados >= plan.comprobantes) return 'agotado';
  return diasEntre(hoy, plan.caduca) <= DIAS_AVISO_VENCIMIENTO ? 'por_vencer' : 'vigente';
}

/** The plan's document can be downloaded when its extension is present and is not the text NULL. */
export const activarDescargaPlan = (extension: string | null | undefined) =>
  typeof extension === 'string' && extension.trim() !== '' && extension.trim().toUpperCase() !== 'NULL';

/** The plan can be edited (renewed with a new authorization) once its expiry date is on or before today. */
export const activarEditarPlan = (caduca: string, hoy: string) => caduca <= hoy;

/** Spanish texts of plans: API messages and the company's warnings. */
export const PLAN_MSG = {
  queryFailed: 'Error en la consulta de planes',
  notFound: 'El plan no existe.',
  retired: 'El plan está retirado: no se puede vender. Elija un plan activo del catálogo.',
  retiredInstead: 'El plan ya se vendió a empresas: se retiró del catálogo en lugar de eliminarse.',
  deleted: 'Plan eliminado del catálogo.',
  nameTaken: 'Ya existe un plan con ese nombre, tipo y clase.',
  invalidType: 'El tipo de plan debe ser V (ventas), C (compras) o T (todos).',
  invalidPrice: 'El precio debe estar en dólares con hasta 2 decimales (por ejemplo 25.00).',
  overlap: (inicio: string, caduca: string) =>
    `La empresa ya tiene un plan de ese tipo del ${inicio} al ${caduca}: las fechas no pueden cruzarse. Renueve desde el día siguiente a su vencimiento.`,
  wrongClass: (esperada: PlanClase) => `El plan elegido no es de la clase ${PLAN_CLASE_ETIQUETA[esperada]}.`,
  usedOverTotal: 'Los comprobantes usados no pueden superar los incluidos en el plan.',
  endBeforeStart: 'La fecha de vencimiento no puede ser anterior a la de inicio.',
  paymentNotFound: 'El pago indicado no es de esta empresa.',
  saved: 'Plan guardado.',
  removed: 'Plan eliminado de la empresa.',
  removeUsed: 'El plan ya tiene comprobantes emitidos: no se puede eliminar. Corrija sus fechas o cantidades.',
  noDocument: 'El plan no tiene documento.',
  documentSaved: 'Documento del plan guardado.',
  documentType: 'El documento del plan debe ser un PDF, JPG o PNG.',
  documentSize: 'El documento del plan supera el peso máximo de 15 MB.',
  invalidDay: 'Las fechas deben tener el formato AAAA-MM-DD (por ejemplo 2026-11-22).',
  // Warnings (comprobarfirmaPlan) and the refusal to issue a document.
  // Said also to companies without a distributor (self-registered): both ways to get a plan.
  noPlan:
    'Su empresa no tiene un plan contratado. Contrátelo con su distribuidor o, si no tiene uno, desde Ayuda y soporte, para emitir comprobantes.',
  expired: (caduca: string) => `Su plan caducó el ${caduca}. Renuévelo para seguir emitiendo comprobantes electrónicos.`,
  expiring: (caduca: string, dias: number) =>
    dias === 0
      ? `Su plan vence hoy (${caduca}). Renuévelo para no interrumpir la emisión de comprobantes.`
      : `Su plan vence el ${caduca} (en ${dias} ${dias === 1 ? 'día' : 'días'}). Renuévelo para no interrumpir la emisión de comprobantes.`,
  nearlyUsed: (usados: number, total: number) =>
    `Ha usado ${usados} de los ${total} comprobantes de su plan. Contrate uno mayor o una renovación antes de agotarlo.`,
  /** The company's history when the SRI authorized a document that no plan could pay for. */
  authorizedUnpaid: (documento: string, numero: string, motivo: string) =>
    `El SRI autorizó la ${documento} ${numero} sin un plan que la pague: ${motivo} Revise el plan de la empresa.`,
  exhausted: (total: number) =>
    `Su plan llegó a su límite de ${total} comprobantes. Contrate una renovación o un plan mayor para seguir emitiendo.`,
  /** Every document left is already taken by invoices waiting for the SRI (they are counted when authorized). */
  enCamino: (total: number, pendientes: number) =>
    `Los ${total} comprobantes de su plan ya están usados o reservados por ${pendientes} ${pendientes === 1 ? 'factura que espera' : 'facturas que esperan'} la autorización del SRI. Espere su respuesta, o contrate una renovación o un plan mayor.`,
} as const;

/**
 * A sold plan's document (the printing-house authorization, or any plan's contract): PDF, JPG or PNG up to 15 MB.
 * It lives here, not in archivos.ts, so the public pages that upload files do not load the plan rules.
 */
export const PLAN_FILE: UploadRule = {
  kinds: ['pdf', 'jpg', 'png'],
  extensions: ['pdf', 'jpg', 'jpeg', 'png'],
  accept: '.pdf,.jpg,.jpeg,.png',
  maxBytes: 15_728_640,
  typeMessage: PLAN_MSG.documentType,
  sizeMessage: PLAN_MSG.documentSize,
};
