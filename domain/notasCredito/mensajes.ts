/**
 * The credit note's messages, in Spanish: the form shows them as the user types and the server answers them. The
 * amounts' and the fields' own messages are the invoice's (facturas/mensajes.ts, datos-comunes.ts); these are the
 * note's rules (Reglamento de Comprobantes de Venta, art. 15; reference: ecuador.md, "Notas de crédito").
 */
import { LIMITES_FACTURA } from '../facturas/catalogos';

export const NOTAS_CREDITO_MSG = {
  sinLineas: 'La nota de crédito debe tener al menos una línea.',
  consumidorFinal: 'No se emiten notas de crédito a consumidor final: el SRI exige identificar al comprador.',
  facturaVencida: 'La factura tiene más de 12 meses: ya no admite notas de crédito.',
  anteriorAFactura: (fechaFactura: string) => `La fecha de la nota de crédito no puede ser anterior a la de la factura (${fechaFactura}).`,
  fechaFactura: 'La fecha de la factura que se modifica no es una fecha válida.',
  numeroFactura: 'El número de la factura que se modifica debe tener la forma 001-001-000000123.',
  superaSaldo: (saldo: string) => `La nota de crédito supera el saldo de la factura: quedan USD ${saldo} por acreditar.`,
  /** A returned quantity above what the invoice's line still has (what it sold less what earlier notes returned). */
  superaCantidad: (disponible: string) => `la cantidad supera lo que queda por devolver de esta línea de la factura (${disponible}).`,
  motivoRequerido: 'Ingrese el motivo de la nota de crédito.',
  motivoLargo: `El motivo admite hasta ${LIMITES_FACTURA.texto} caracteres.`,
  totalCero: 'La nota de crédito debe acreditar un valor mayor que cero.',
} as const;
