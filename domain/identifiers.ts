/**
 * Validation of Ecuadorian identification numbers (cédula and RUC).
 *
 * Dependency-free: shared by the browser app and the Node server.
 *
 * Policy: a wrong length or any
 * non-digit character is a hard error; a failed province, third-digit,
 * establishment or check-digit rule is only a warning the user can override,
 * because the SRI has issued real, active RUCs that fail the classic checks.
 */

import { MSG } from './messages';

export type IdCheck = { valid: boolean; error?: string; warning?: string };

/** RUC used for "venta a consumidor final". */
export const CONSUMIDOR_FINAL = '9999999999999';

const MSG_CEDULA_FORMAT = 'La cédula debe tener 10 dígitos numéricos';
const MSG_RUC_FORMAT = 'El RUC debe tener 13 dígitos numéricos';
const WARN_CEDULA = 'El dígito verificador de la cédula no es válido';
const WARN_RUC = 'El dígito verificador del RUC no es válido; verifique el número antes de continuar';

const ONLY_DIGITS = /^[0-9]+$/;

function normalize(value: string): string {
  return String(value ?? '').trim();
}

function digitsOf(value: string): number[] {
  return Array.from(value, (c) => c.charCodeAt(0) - 48);
}

/** Province code (digits 1-2): 01-24, or 30 for Ecuadorians registered abroad. */
function validProvince(value: string): boolean {
  const p = Number(value.slice(0, 2));
  return (p >= 1 && p <= 24) || p === 30;
}

/** Módulo 10 check digit of a 10-digit cédula (digit 10). */
function cedulaCheckDigitOk(value: string): boolean {
  const d = digitsOf(value);
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let product = d[i]! * (i % 2 === 0 ? 2 : 1);
    if (product > 9) product -= 9;
    sum += product;
  }
  return (10 - (sum % 10)) % 10 === d[9];
}

/**
 * Módulo 11 check: weights applied to the first weights.length digits,
 * check digit at position weights.length (0-based). r = 1 can never be valid.
 */
function mod11CheckDigitOk(value: string, weights: readonly number[]): boolean {
  const d = digitsOf(value);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += d[i]! * weights[i]!;
  const r = sum % 11;
  const check = r === 0 ? 0 : 11 - r;
  return check === d[weights.length];
}

/** A 10-digit string that passes every cédula rule (province, third digit, check digit). */
function cedulaFullyValid(value: string): boolean {
  return validProvince(value) && Number(value[2]) <= 6 && cedulaCheckDigitOk(value);
}

const PRIVATE_WEIGHTS = [4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const PUBLIC_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

export function checkCedula(value: string): IdCheck {
  const v = normalize(value);
  if (v === '') return { valid: false, error: MSG.idRequired };
  if (v.length !== 10 || !ONLY_DIGITS.test(v)) return { valid: false, error: MSG_CEDULA_FORMAT };
  if (!cedulaFullyValid(v)) return { valid: true, warning: WARN_CEDULA };
  return { valid: true };
}

export function checkRuc(value: string): IdCheck {
  const v = normalize(value);
  if (v === '') return { valid: false, error: MSG.idRequired };
  if (v.length !== 13 || !ONLY_DIGITS.test(v)) return { valid: false, error: MSG_RUC_FORMAT };
  if (v === CONSUMIDOR_FINAL) return { valid: true };
  return rucPassesChecks(v) ? { valid: true } : { valid: true, warning: WARN_RUC };
}

function rucPassesChecks(v: string): boolean {
  if (!validProvince(v)) return false;
  const third = Number(v[2]);
  // Natural person: a valid cédula followed by an establishment number > 000.
  const naturalOk = () => v.slice(10) !== '000' && cedulaFullyValid(v.slice(0, 10));
  if (third <= 5) return naturalOk();
  if (third === 9) return v.slice(10) !== '000' && mod11CheckDigitOk(v, PRIVATE_WEIGHTS);
  if (third === 6) {
    // Public entity: check digit at position 9, establishment in the last 4 digits.
    // Fallback: a foreigner's cédula (third digit 6) followed by an establishment.
    const publicOk = v.slice(9) !== '0000' && mod11CheckDigitOk(v, PUBLIC_WEIGHTS);
    return publicOk || naturalOk();
  }
  return false; // third digit 7 or 8: not a known RUC type
}

export function checkIdentification(value: string): IdCheck {
  const v = normalize(value);
  if (v === '') return { valid: false, error: MSG.idRequired };
  if (v.length === 10) return checkCedula(v);
  if (v.length === 13) return checkRuc(v);
  return { valid: false, error: MSG.idLength };
}

/** An email address as every form and the API accept it. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const isEmail = (value: string) => new RegExp(EMAIL_PATTERN).test(value);
