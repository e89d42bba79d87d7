/**
 * Quotes (ofertas) of the company application, under /api/ofertas, permiso 'ofertas', company token, roles
 * ROLES_PERMITIDOS.ofertas (reads: leer; the rest: vender). A quote is an invoice not yet made: a client of the
 * company, the invoice's lines and calculation (domain/facturas calcularFactura), a validity date and notes. It is not
 * an SRI document: no access key, no signature. A seller sees and makes only those of its clients (the invoices' rule).
 *
 *   GET    /api/ofertas                 list (ra-data-simple-rest: range, sort, filter; total in Content-Range)
 *                                       filter: OFE_ESTADO (one or a list, VENCIDA included), desde, hasta (YYYY-MM-DD
 *                                       on OFE_FECHA), CLI_CODIGO, q (number or client), id (list)
 *                                       sort: OFE_CODIGO (default DESC), OFE_NUMERO, OFE_FECHA, OFE_VALIDEZ, OFE_TOTAL
 *   GET    /api/ofertas/exportar        the whole filtered list as csv or xlsx (?formato=csv|xlsx&filter&sort)
 *   GET    /api/ofertas/:id             one whole (OfertaDetalle)
 *   POST   /api/ofertas                 creates one (OfertaBorrador) → 201, BORRADOR, the company's next number
 *   PUT    /api/ofertas/:id             replaces one in BORRADOR or ENVIADA (a sent one edited stays ENVIADA); else 409
 *   DELETE /api/ofertas/:id             deletes one not yet invoiced (409 once it has FAC_CODIGO)
 *   GET    /api/ofertas/:id/pdf         the quote as a PDF (attachment oferta-000123.pdf)
 *   POST   /api/ofertas/:id/correo      { para? }: emails the PDF to the client's addresses (or para) → ENVIADA
 *   POST   /api/ofertas/:id/aceptar     the client accepted it → ACEPTADA (409 if VENCIDA, RECHAZADA or invoiced)
 *   POST   /api/ofertas/:id/rechazar    the client declined it → RECHAZADA (409 if already ACEPTADA and invoiced)
 *   POST   /api/ofertas/:id/facturar    { PEM_CODIGO }: an ACEPTADA quote becomes an invoice draft with its client and
 *                                       lines, dated today (the quote keeps FAC_CODIGO) → 201 OfertaDetalle; 409 if not
 *                                       ACEPTADA or already invoiced
 *
 * OFE_ESTADO as answered is the stored state, except that a BORRADOR or ENVIADA quote past its OFE_VALIDEZ (before
 * today in America/Guayaquil) answers VENCIDA. Amounts travel as strings with their scale.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { FacturaLinea, LineaBorrador } from './facturas';

export const ESTADOS_OFERTA = ['BORRADOR', 'ENVIADA', 'ACEPTADA', 'RECHAZADA', 'VENCIDA'] as const;
export type EstadoOferta = (typeof ESTADOS_OFERTA)[number];

const Dinero = (description?: string) => Type.String({ description: description ?? 'Dólares con dos decimales, p. ej. "12.50"' });
const Numero = (description: string) => Type.Union([Type.Number(), Type.String({ maxLength: 40 })], { description });
const Dia = (description: string) =>
  Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', errorMessage: 'La fecha debe tener el formato AAAA-MM-DD', description });

/** A row of the list. */
export const Oferta = Type.Object({
  OFE_CODIGO: Type.Integer(),
  OFE_NUMERO: Type.Integer({ description: 'El número de la oferta en la empresa: 1, 2, 3…' }),
  OFE_ESTADO: Type.String({ description: ESTADOS_OFERTA.join(', ') }),
  OFE_FECHA: Type.String({ description: 'YYYY-MM-DD' }),
  OFE_VALIDEZ: Type.String({ description: 'YYYY-MM-DD: válida hasta ese día inclusive' }),
  CLI_CODIGO: Type.Integer(),
  CLI_RAZON_SOCIAL: Type.String(),
  CLI_IDENTIFICACION: Type.String(),
  OFE_SUBTOTAL: Dinero('Total sin impuestos'),
  OFE_IVA: Dinero(),
  OFE_TOTAL: Dinero(),
  FAC_CODIGO: Nullable(Type.Integer({ description: 'La factura (borrador o emitida) en que se convirtió' })),
  FAC_NUMERO: Nullable(Type.String({ description: 'El número de esa factura una vez emitida' })),
  OFE_ENVIADA: Nullable(Type.String({ description: 'Fecha y hora ISO 8601 del último envío por correo' })),
});
export type Oferta = Static<typeof Oferta>;

/** One quote whole: its lines as the invoice shows them, the per-rate breakdown and the totals. */
export const OfertaDetalle = Type.Object({
  ...Oferta.properties,
  CLI_TIPO_IDENTIFICACION: Type.String(),
  CLI_CORREOS: Type.Array(Type.String()),
  OFE_NOTAS: Nullable(Type.String()),
  OFE_DESCUENTO: Dinero('Total de descuentos'),
  OFE_ENVIO_DETALLE: Nullable(Type.String({ description: 'A quién se envió la última vez' })),
  FAC_ESTADO: Nullable(Type.String({ description: 'El estado de su factura' })),
  lineas: Type.Array(FacturaLinea),
  subtotalesIva: Type.Array(
    Type.Object({
      codigoPorcentaje: Type.String(),
      nombre: Type.String(),
      tarifa: Type.String(),
      baseImponible: Type.String(),
      valor: Type.String(),
    }),
  ),
  OFE_CREADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
  OFE_ACTUALIZADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
});
export type OfertaDetalle = Static<typeof OfertaDetalle>;

/** What the form sends to create (POST) or replace (PUT) a quote, with the totals it showed. */
export const OfertaBorrador = Type.Object({
  CLI_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  OFE_FECHA: Dia('YYYY-MM-DD (hoy por defecto)'),
  OFE_VALIDEZ: Dia('YYYY-MM-DD, el mismo día o después de OFE_FECHA (15 días después por defecto en el formulario)'),
  OFE_NOTAS: Type.Optional(Nullable(Type.String({ maxLength: 2000, 'x-multiline': true }))),
  lineas: Type.Array(LineaBorrador, { maxItems: 1000, errorMessage: 'La oferta admite hasta 1000 líneas' }),
  totalSinImpuestos: Numero('El subtotal que mostró el formulario'),
  totalDescuento: Numero('El total de descuentos que mostró el formulario'),
  totalIva: Numero('El IVA que mostró el formulario'),
  importeTotal: Numero('El total que mostró el formulario'),
});
export type OfertaBorrador = Static<typeof OfertaBorrador>;

export const FacturarOferta = Type.Object({
  PEM_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Punto de emisión de la factura (GET /api/facturas/puntos)' }),
});
export type FacturarOferta = Static<typeof FacturarOferta>;

export const CorreoOferta = Type.Object({
  para: Type.Optional(Type.String({ maxLength: 1000, description: 'Direcciones separadas por comas; sin ellas, los correos del cliente' })),
});
export type CorreoOferta = Static<typeof CorreoOferta>;

/** What the quotes API answers in Spanish. */
export const OFERTAS_MSG = {
  clienteAjeno: 'El cliente no existe en su lista de clientes.',
  consumidorFinal: 'Una oferta se hace a un cliente identificado, no a consumidor final.',
  clienteInactivo: 'El cliente está inactivo: actívelo o elija otro.',
  sinLineas: 'Agregue al menos una línea a la oferta.',
  validez: 'La oferta debe ser válida al menos hasta su fecha.',
  noModificable: 'Solo una oferta en borrador o enviada se puede modificar.',
  facturadaNoEliminable: 'La oferta ya se facturó: no se puede eliminar.',
  vencida: 'La oferta está vencida: cambie su validez para ofrecerla de nuevo.',
  noAceptada: 'Solo una oferta aceptada se factura.',
  yaFacturada: 'La oferta ya se facturó.',
  rechazada: 'La oferta fue rechazada.',
  sinCorreo: 'El cliente no tiene correo electrónico: escriba a quién enviarla.',
  eliminada: 'Oferta eliminada.',
} as const;
