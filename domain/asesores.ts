/**
 * Adviser rules both halves use: the types an adviser can be, their Spanish labels, the identification rule and the
 * messages of the advisers' administration (resource `asesores`, API path /asesor).
 */
import { checkIdentification } from './identifiers';

/** ASE_TIPO: what the adviser attends. SOPORTE is the default (the tickets' advisers). */
export const ASESOR_TIPOS = ['SOPORTE', 'VENTAS', 'CONTABLE'] as const;
export type AsesorTipo = (typeof ASESOR_TIPOS)[number];
export const ASESOR_TIPO_DEFECTO: AsesorTipo = 'SOPORTE';
export const ASESOR_TIPO_ETIQUETA: Record<AsesorTipo, string> = { SOPORTE: 'Soporte', VENTAS: 'Ventas', CONTABLE: 'Contable' };
export const asesorTipoEtiqueta = (tipo: string): string =>
  (ASESOR_TIPOS as readonly string[]).includes(tipo) ? ASESOR_TIPO_ETIQUETA[tipo as AsesorTipo] : tipo;
/** react-admin SelectInput choices. */
export const ASESOR_TIPO_CHOICES = ASESOR_TIPOS.map((id) => ({ id, name: ASESOR_TIPO_ETIQUETA[id] }));

/** Phone: 7 to 20 characters; digits, spaces, +, -, parentheses (the column holds 20). */
export const ASESOR_TELEFONO_PATTERN = '^[0-9+() -]{7,20}$';

export const ASESOR_MSG = {
  identificationTaken: (id: string) => `Ya existe un asesor con la identificación ${id}`,
  invalidType: 'El tipo de asesor debe ser Soporte, Ventas o Contable',
  invalidPhone: 'El teléfono debe tener de 7 a 20 caracteres: dígitos, espacios, +, - o paréntesis',
  invalidEmail: 'Ingrese un correo electrónico válido',
  nameRequired: 'Ingrese el nombre del asesor',
  deleted: (nombre: string) => `Se eliminó el asesor ${nombre}`,
  deactivatedInstead: (nombre: string, tickets: number) =>
    `${nombre} tiene ${tickets === 1 ? '1 ticket asignado' : `${tickets} tickets asignados`}: se desactivó en lugar de eliminarse, y sus tickets lo conservan`,
  alreadyInactive: (nombre: string, tickets: number) =>
    `${nombre} ya estaba inactivo; tiene ${tickets === 1 ? '1 ticket asignado' : `${tickets} tickets asignados`} y no se puede eliminar`,
} as const;

/**
 * An adviser's cédula (10 digits) or RUC (13 digits). A wrong length or a non-digit is an error, and so is a failed
 * province, third-digit or check-digit rule of a cédula or of a natural person's RUC (an adviser is a person, whose
 * number the registry computes). A company RUC (third digit 6 or 9) that fails the classic check stays a warning, as
 * everywhere else (the SRI has issued real company RUCs that fail it).
 */
export function checkAsesorIdentification(value: string): { error?: string; warning?: string } {
  const v = String(value ?? '').trim();
  const check = checkIdentification(v);
  if (!check.valid) return { error: check.error };
  if (!check.warning) return {};
  const companyRuc = v.length === 13 && (v[2] === '6' || v[2] === '9');
  return companyRuc ? { warning: check.warning } : { error: check.warning.replace(/; verifique.*$/, '') };
}
