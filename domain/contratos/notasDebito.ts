/**
 * The debit notes API (codDoc 05, NotaDebito_V1.0.0.xsd) of the company application, under /api/notasDebito,
 * permiso 'notasDebito', company token: the same routes as the credit notes (domain/contratos/notasCredito.ts) but
 * for the annulment with a note. A debit note charges the buyer of an AUTORIZADA factura more (interest, expenses):
 * motivos [{ razon, valor, iva }] with the IVA per rate, and payments that add up to its total.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { CampoAdicional, FacturaPago, PagoBorrador } from './facturas';
import { DetalleNota, FechaNota, Nota, Numero, TotalesNota } from './notasCredito';

/** A reason of the note as stored and answered. */
export const MotivoDebito = Type.Object({
  razon: Type.String(),
  valor: Type.String({ description: 'Dólares con dos decimales' }),
  iva: Type.String({ description: 'codigoPorcentaje del IVA: 0, 4 (15 %), 5, 6 (no objeto), 7 (exento)' }),
});
export type MotivoDebito = Static<typeof MotivoDebito>;

export const NotaDebitoDetalle = Type.Object({
  ...Nota.properties,
  ...DetalleNota,
  motivos: Type.Array(MotivoDebito),
  pagos: Type.Array(FacturaPago),
});
export type NotaDebitoDetalle = Static<typeof NotaDebitoDetalle>;

export const MotivoDebitoBorrador = Type.Object({
  razon: Type.String({ minLength: 1, maxLength: 300, errorMessage: 'Escriba la razón (hasta 300 caracteres)' }),
  valor: Numero('Valor en dólares, mayor que 0'),
  iva: Type.String({ maxLength: 2, description: 'codigoPorcentaje del IVA' }),
});
export type MotivoDebitoBorrador = Static<typeof MotivoDebitoBorrador>;

/** What the form sends to create (POST) or replace (PUT) a debit note's draft. */
export const NotaDebitoBorrador = Type.Object({
  FAC_MODIFICA: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'La factura autorizada que modifica' }),
  FAC_FECHA: Type.Optional(FechaNota),
  PEM_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Punto de emisión (GET /api/facturas/puntos)' }),
  FAC_MOTIVO: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  motivos: Type.Array(MotivoDebitoBorrador, { minItems: 1, maxItems: 100, errorMessage: 'La nota admite de 1 a 100 motivos' }),
  pagos: Type.Array(PagoBorrador, { minItems: 1, maxItems: 20, errorMessage: 'La nota admite de 1 a 20 formas de pago' }),
  FAC_ADICIONAL: Type.Optional(Type.Array(CampoAdicional, { maxItems: 15 })),
  totales: Type.Optional(TotalesNota),
});
export type NotaDebitoBorrador = Static<typeof NotaDebitoBorrador>;
