import { isoDay } from './empresas';
import { MSG } from './messages';

/**
 * A payment an administrator records for a company (POST /empresas/pago/{id}): the fields of the multipart form,
 * checked the same way by the dialog and by the server. They travel as text parts BEFORE the file part: the server
 * checks them before it stores a byte of the file.
 */
export type PagoCampos = { monto: string; fecha: string; banco: number; referencia: string };
export const PAYMENT_FIELDS = ['monto', 'fecha', 'banco', 'referencia'] as const;
export type PaymentField = (typeof PAYMENT_FIELDS)[number];

/** USD, more than 0, at most 2 decimals and 10 whole digits (numeric(12,2)). */
const AMOUNT = /^(0|[1-9][0-9]{0,9})(\.[0-9]{1,2})?$/;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const BANK = /^[1-9][0-9]{0,9}$/;
/** Letters, digits, spaces and the signs a bank's reference carries; no control characters. */
const REFERENCE = /^[\p{L}\p{N} ._/#-]{1,60}$/u;

export const PAYMENT_MSG = {
  amount: 'El campo monto debe ser un valor en dólares mayor que 0, con hasta 2 decimales (por ejemplo 45.50)',
  date: 'El campo fecha debe ser una fecha AAAA-MM-DD que no sea futura',
  bank: 'El campo banco debe ser uno de los bancos activos de la lista',
  reference: 'El campo referencia admite de 1 a 60 letras, números, espacios y los signos . _ / # -',
} as const;

const isCalendarDay = (text: string) => DATE.test(text) && isoDay(new Date(`${text}T00:00:00Z`)) === text;

/** The problem of one field's text, or null when it is right; `today` is YYYY-MM-DD. */
export function paymentFieldProblem(field: PaymentField, value: string | undefined, today: string): string | null {
  const text = value?.trim() ?? '';
  if (!text) return MSG.required(field);
  switch (field) {
    case 'monto':
      return AMOUNT.test(text) && Number(text) > 0 ? null : PAYMENT_MSG.amount;
    case 'fecha':
      return isCalendarDay(text) && text <= today ? null : PAYMENT_MSG.date;
    case 'banco':
      return BANK.test(text) ? null : PAYMENT_MSG.bank;
    case 'referencia':
      return REFERENCE.test(text) ? null : PAYMENT_MSG.reference;
  }
}

/** The fields read and trimmed, or the first field's problem. */
export function readPaymentFields(
  values: Partial<Record<PaymentField, string>>,
  today: string,
): { campos: PagoCampos } | { problem: string; field: PaymentField } {
  for (const field of PAYMENT_FIELDS) {
    const problem = paymentFieldProblem(field, values[field], today);
    if (problem) return { problem, field };
  }
  const text = (field: PaymentField) => values[field]!.trim();
  return { campos: { monto: text('monto'), fecha: text('fecha'), banco: Number(text('banco')), referencia: text('referencia') } };
}
