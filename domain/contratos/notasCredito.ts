/**
 * The credit notes API (codDoc 04, NotaCredito_V1.1.0.xsd) of the company application, under /api/notasCredito,
 * permiso 'notasCredito', company token. A credit note corrects an AUTORIZADA factura of the company: it returns
 * lines (FDE_LINEA_FACTURA: the invoice's line), or grants a discount in value (a line without it).
 *
 *   GET    /api/notasCredito                      list (ra-data-simple-rest: range, sort, filter; total in Content-Range)
 *                                                 filter: FAC_ESTADO (one or a list), desde, hasta, CLI_CODIGO,
 *                                                 FAC_MODIFICA (the invoice), q (number, access key, buyer)
 *   GET    /api/notasCredito/totales              ?filter=... count and sums of the filtered set
 *   GET    /api/notasCredito/exportar             ?formato=csv|xlsx&filter&sort
 *   GET    /api/notasCredito/factura/:facturaId   the invoice with what is left to credit, its credit and debit notes
 *   POST   /api/notasCredito/anular/:facturaId    { FAC_MOTIVO }: the draft that credits all that remains
 *   GET    /api/notasCredito/:id                  one note whole
 *   POST   /api/notasCredito                      creates a draft (NotaCreditoBorrador) → 201
 *   PUT    /api/notasCredito/:id                  replaces a draft (or one the SRI sent back)
 *   DELETE /api/notasCredito/:id                  deletes a draft
 *   POST   /api/notasCredito/:id/emitir           issues it (rules checked again under the invoice's lock)
 *   GET    /api/notasCredito/:id/xml | ride | autorizado; POST :id/correo, :id/anular { motivo }
 *
 * Rules (400 in Spanish, domain/notasCredito): the invoice AUTORIZADA, not to the consumidor final, at most 12
 * months old at the note's date and not after it; the note's total within what remains of the invoice (its total less
 * its credit notes issued and not refused or annulled); a returned line with its invoice line's IVA and unit price,
 * and at most the quantity left of it.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { CampoAdicional, FacturaLinea, MensajeSri } from './facturas';
import { ESTADOS_FACTURA, ENTREGAS_FACTURA } from '../comprobantes/estados';

/** Money with 2 decimals as the database gives it. */
export const Dinero = (description?: string) => Type.String({ description: description ?? 'Dólares con dos decimales, p. ej. "12.50"' });
/** What the form types: a number or its text; the domain's rules judge it and answer in Spanish. */
export const Numero = (description: string) => Type.Union([Type.Number(), Type.String({ maxLength: 40 })], { description });
const Codigo = (description: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });
export const FechaNota = Type.String({
  pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
  errorMessage: 'La fecha debe tener el formato AAAA-MM-DD',
  description: 'YYYY-MM-DD; sin ella, hoy en America/Guayaquil',
});
export const MotivoNota = Type.String({
  minLength: 1,
  maxLength: 300,
  errorMessage: 'Escriba el motivo (hasta 300 caracteres)',
  description: 'Razón de la modificación',
});

/** What the screen showed: refused with 400 when the server's calculation differs by a cent. */
export const TotalesNota = Type.Object({
  FAC_SUBTOTAL: Numero('Total sin impuestos que mostró el formulario'),
  FAC_IVA: Numero('IVA que mostró el formulario'),
  FAC_TOTAL: Numero('Total que mostró el formulario'),
});
export type TotalesNota = Static<typeof TotalesNota>;

/** A row of either note's list (nota de crédito or de débito): the note, its invoice and its buyer. */
export const Nota = Type.Object({
  FAC_CODIGO: Type.Integer(),
  FAC_TIPO: Type.String({ description: '04 nota de crédito, 05 nota de débito' }),
  FAC_ESTADO: Type.String({ description: ESTADOS_FACTURA.join(', ') }),
  FAC_FECHA: Type.String({ description: 'Fecha de emisión YYYY-MM-DD (America/Guayaquil)' }),
  FAC_NUMERO: Nullable(Type.String({ description: '001-001-000000123; null en un borrador' })),
  FAC_CLAVE_ACCESO: Nullable(Type.String({ description: '49 dígitos; null en un borrador' })),
  FAC_SUBTOTAL: Dinero('Total sin impuestos'),
  FAC_IVA: Dinero(),
  FAC_TOTAL: Dinero('Valor total de la nota'),
  FAC_MOTIVO: Nullable(Type.String()),
  FAC_MODIFICA: Type.Integer({ description: 'La factura que modifica (FAC_CODIGO)' }),
  FACTURA_NUMERO: Nullable(Type.String({ description: 'Número de la factura, 001-001-000000123' })),
  FACTURA_FECHA: Type.String({ description: 'Fecha de emisión de la factura YYYY-MM-DD' }),
  CLI_CODIGO: Type.Integer(),
  CLI_RAZON_SOCIAL: Type.String(),
  CLI_IDENTIFICACION: Type.String(),
  PEM_CODIGO: Type.Integer(),
  FAC_ENTREGA: Nullable(Type.String({ description: `Correo al comprador: ${ENTREGAS_FACTURA.join(', ')}` })),
  FAC_AUTORIZACION: Nullable(Type.String()),
  FAC_FECHA_AUTORIZACION: Nullable(Type.String({ description: 'Fecha y hora ISO 8601' })),
  FAC_SRI_MENSAJES: Type.Array(MensajeSri),
  FAC_ADICIONAL: Type.Array(CampoAdicional),
});
export type Nota = Static<typeof Nota>;

/** What one note answers beyond its list row, for both types. */
export const DetalleNota = {
  CLI_TIPO_IDENTIFICACION: Type.String(),
  EST_NUMERO: Type.String(),
  PEM_NUMERO: Type.String(),
  FAC_SECUENCIAL: Nullable(Type.Integer()),
  FAC_ANULACION_MOTIVO: Nullable(Type.String()),
  FAC_ANULACION_FECHA: Nullable(Type.String({ description: 'Fecha y hora ISO 8601' })),
  FAC_ENTREGA_FECHA: Nullable(Type.String({ description: 'Fecha y hora ISO 8601' })),
  FAC_ENTREGA_DETALLE: Nullable(Type.String()),
  FAC_CREADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
  FAC_ACTUALIZADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
};

/** A credit note's line as stored and answered: an invoice line, and the line of the invoice it returns. */
export const NotaCreditoLinea = Type.Object({
  ...FacturaLinea.properties,
  FDE_LINEA_FACTURA: Nullable(Type.Integer({ description: 'La línea de la factura que devuelve (FDE_LINEA); null: descuento en valor' })),
});
export type NotaCreditoLinea = Static<typeof NotaCreditoLinea>;

export const NotaCreditoDetalle = Type.Object({ ...Nota.properties, ...DetalleNota, lineas: Type.Array(NotaCreditoLinea) });
export type NotaCreditoDetalle = Static<typeof NotaCreditoDetalle>;

/** A line as the form sends it. */
export const NotaCreditoLineaBorrador = Type.Object({
  FDE_LINEA_FACTURA: Type.Optional(
    Nullable(Type.Integer({ minimum: 1, maximum: 32767, description: 'La línea de la factura que devuelve' })),
  ),
  CAT_CODIGO: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  FDE_PRINCIPAL: Type.Optional(Nullable(Type.String({ maxLength: 25 }))),
  FDE_DESCRIPCION: Type.String({ maxLength: 300 }),
  FDE_CANTIDAD: Numero('Cantidad, hasta 6 decimales'),
  FDE_PRECIO: Numero('Precio unitario, hasta 6 decimales'),
  FDE_DESCUENTO: Type.Optional(Nullable(Numero('Descuento en dólares, hasta 2 decimales'))),
  FDE_IVA: Type.String({ maxLength: 2, description: 'codigoPorcentaje del IVA' }),
});
export type NotaCreditoLineaBorrador = Static<typeof NotaCreditoLineaBorrador>;

/** What the form sends to create (POST) or replace (PUT) a credit note's draft. */
export const NotaCreditoBorrador = Type.Object({
  FAC_MODIFICA: Codigo('La factura autorizada que modifica'),
  FAC_FECHA: Type.Optional(FechaNota),
  PEM_CODIGO: Codigo('Punto de emisión (GET /api/facturas/puntos)'),
  FAC_MOTIVO: MotivoNota,
  lineas: Type.Array(NotaCreditoLineaBorrador, { minItems: 1, maxItems: 1000, errorMessage: 'La nota admite de 1 a 1000 líneas' }),
  FAC_ADICIONAL: Type.Optional(Type.Array(CampoAdicional, { maxItems: 15 })),
  totales: Type.Optional(TotalesNota),
});
export type NotaCreditoBorrador = Static<typeof NotaCreditoBorrador>;

/** POST /api/notasCredito/anular/:facturaId. */
export const AnularConNota = Type.Object({ FAC_MOTIVO: MotivoNota });
export type AnularConNota = Static<typeof AnularConNota>;

/** GET /totales of either note's list. */
export const NotasTotales = Type.Object({
  cantidad: Type.Integer(),
  anuladas: Type.Integer({ description: 'Cuántas de ellas están anuladas: se listan, pero no suman' }),
  subtotal: Dinero(),
  iva: Dinero(),
  total: Dinero(),
});
export type NotasTotales = Static<typeof NotasTotales>;

/** A note of the invoice, as its page lists it. */
export const NotaDeFactura = Type.Object({
  FAC_CODIGO: Type.Integer(),
  FAC_NUMERO: Nullable(Type.String()),
  FAC_FECHA: Type.String(),
  FAC_ESTADO: Type.String(),
  FAC_TOTAL: Dinero(),
  FAC_MOTIVO: Nullable(Type.String()),
});
export type NotaDeFactura = Static<typeof NotaDeFactura>;

/** An invoice line with what is left of it to return. */
export const LineaFacturaRestante = Type.Object({
  ...FacturaLinea.properties,
  FDE_LINEA: Type.Integer(),
  FDE_RESTANTE: Type.String({ description: 'Cantidad que aún se puede devolver (6 decimales)' }),
});
export type LineaFacturaRestante = Static<typeof LineaFacturaRestante>;

/** GET /api/notasCredito/factura/:facturaId (and /api/notasDebito/factura/:facturaId). */
export const ResumenFacturaNotas = Type.Object({
  factura: Type.Object({
    FAC_CODIGO: Type.Integer(),
    FAC_NUMERO: Nullable(Type.String()),
    FAC_FECHA: Type.String(),
    FAC_ESTADO: Type.String(),
    FAC_SUBTOTAL: Dinero(),
    FAC_IVA: Dinero(),
    FAC_TOTAL: Dinero(),
    PEM_CODIGO: Type.Integer(),
    CLI_CODIGO: Type.Integer(),
    CLI_RAZON_SOCIAL: Type.String(),
    CLI_IDENTIFICACION: Type.String(),
    CLI_TIPO_IDENTIFICACION: Type.String(),
    lineas: Type.Array(LineaFacturaRestante),
    consumidorFinal: Type.Boolean({ description: 'Vendida al consumidor final: no admite nota de crédito' }),
    vencida: Type.Boolean({ description: 'Emitida hace más de 12 meses: no admite notas' }),
  }),
  notas: Type.Array(NotaDeFactura, { description: 'Sus notas de crédito (todas, también borradores y anuladas)' }),
  restante: Dinero('Lo que aún se puede acreditar: total menos las notas de crédito emitidas que cuentan'),
  debitos: Type.Array(NotaDeFactura, { description: 'Sus notas de débito' }),
});
export type ResumenFacturaNotas = Static<typeof ResumenFacturaNotas>;

/** What both notes' APIs answer in Spanish (the screens and the tests read the same sentences); `nota` names the type. */
export const NOTAS_MSG = {
  emitidaNoModificable: (nota: string) => `Una ${nota} emitida no se puede modificar.`,
  emitidaNoEliminable: (nota: string) => `Una ${nota} emitida no se puede eliminar.`,
  yaEmitida: (nota: string) => `La ${nota} ya fue emitida.`,
  enProceso: (nota: string) => `La ${nota} está en manos del SRI: espere su respuesta antes de modificarla.`,
  borradorSinDocumentos: (nota: string) => `La ${nota} todavía es un borrador: emítala para descargar su XML y su RIDE.`,
  noAutorizada: (nota: string) => `La ${nota} todavía no está autorizada por el SRI.`,
  soloAutorizadaAnulable: (nota: string) => `Solo una ${nota} autorizada se puede marcar como anulada.`,
  anulacionMotivo: (nota: string) => `Escriba por qué se anuló la ${nota}.`,
  sinCorreo: 'El comprador no tiene correo electrónico: escriba a quién enviarla.',
  correoInvalido: (direccion: string) => `"${direccion}" no es un correo electrónico válido.`,
  fecha: 'La fecha de emisión no es una fecha válida (AAAA-MM-DD).',
  noEsFactura: 'Solo se emiten notas sobre una factura.',
  facturaNoAutorizada: (nota: string) =>
    `Solo se emiten ${nota === 'nota de crédito' ? 'notas de crédito' : 'notas de débito'} de facturas autorizadas.`,
  lineaFacturaInexistente: (n: number) => `Línea ${n}: la factura no tiene esa línea.`,
  lineaFacturaDistinta: (n: number) => `Línea ${n}: el IVA y el precio unitario deben ser los de la línea de la factura.`,
  nadaQueAcreditar: 'La factura ya no tiene saldo por acreditar.',
  debitoVencida: 'La factura tiene más de 12 meses: ya no admite notas de débito.',
} as const;
