/**
 * The debit note's messages, in Spanish: the form shows them as the user types and the server answers them. A message
 * about one reason carries its number ("Motivo 2: …"), as an invoice's does its line's. The payments' own messages are
 * the invoice's (facturas/mensajes.ts).
 */
import { LIMITES_FACTURA } from '../facturas/catalogos';

export const enMotivo = (motivo: number, texto: string) => `Motivo ${motivo}: ${texto}`;

export const NOTAS_DEBITO_MSG = {
  sinMotivos: 'La nota de débito debe tener al menos un motivo.',
  razonRequerida: 'escriba la razón de la modificación.',
  razonLarga: `la razón admite hasta ${LIMITES_FACTURA.texto} caracteres.`,
  valorFormato: 'el valor debe ser un número mayor que cero, con hasta 2 decimales, por ejemplo 12.50.',
  valorCero: 'el valor debe ser mayor que cero.',
  valorGrande: 'el valor es demasiado grande.',
  ivaRequerido: 'elija la tarifa de IVA.',
  ivaDesconocido: (codigo: string) =>
    `el código de IVA «${codigo}» no existe; use 0 (0 %), 4 (15 %), 5 (5 %), 6 (no objeto de impuesto) o 7 (exento de IVA).`,
  sinPagos: 'Indique al menos una forma de pago.',
  pagosNoCoinciden: (suma: string, total: string) =>
    `La suma de las formas de pago (${suma}) no coincide con el total de la nota de débito (${total}).`,
  totalGrande: 'El total de la nota de débito supera el valor máximo que admite el SRI (999999999999.99).',
  anteriorAFactura: (fechaFactura: string) => `La fecha de la nota de débito no puede ser anterior a la de la factura (${fechaFactura}).`,
  fechaFactura: 'La fecha de la factura que se modifica no es una fecha válida.',
  numeroFactura: 'El número de la factura que se modifica debe tener la forma 001-001-000000123.',
} as const;
