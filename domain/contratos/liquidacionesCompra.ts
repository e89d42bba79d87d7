/**
 * The liquidaciones de compra API (codDoc 03, LiquidacionCompra_V1.1.0.xsd) of the company application, under
 * /api/liquidacionesCompra, permiso 'liquidacionesCompra', company token, accounting roles
 * (ROLES_PERMITIDOS.liquidacionesCompra). A liquidación is a factura turned around: the company buys from a person who
 * cannot invoice (a supplier identified by cédula, pasaporte or, for a non-resident's service, an identification of
 * the exterior) and issues the document itself, with lines, IVA per rate and payments computed as the factura's
 * (domain/facturas calcularFactura).
 *
 *   GET    /api/liquidacionesCompra                list (ra-data-simple-rest: range, sort, filter; total in Content-Range)
 *                                                 filter: FAC_ESTADO (one or a list), desde, hasta (YYYY-MM-DD on
 *                                                 FAC_FECHA), PRV_CODIGO, q (number, access key or supplier), id (list)
 *                                                 sort: FAC_CODIGO (default DESC), FAC_FECHA, FAC_TOTAL
 *   GET    /api/liquidacionesCompra/totales        ?filter=... count and sums of the filtered set (annulled apart)
 *   GET    /api/liquidacionesCompra/exportar       ?formato=csv|xlsx&filter&sort: the filtered list as a spreadsheet
 *   GET    /api/liquidacionesCompra/:id            one whole (LiquidacionCompraDetalle)
 *   POST   /api/liquidacionesCompra                creates a draft (LiquidacionCompraBorrador) → 201
 *   PUT    /api/liquidacionesCompra/:id            replaces a draft (or one the SRI sent back); an issued one → 409
 *   DELETE /api/liquidacionesCompra/:id            deletes a draft; an issued one → 409
 *   POST   /api/liquidacionesCompra/:id/emitir     issues it: number, access key, signed XML, FIRMADA (the core)
 *   GET    /api/liquidacionesCompra/:id/xml | ride | autorizado
 *   POST   /api/liquidacionesCompra/:id/correo     sends the authorized XML and the RIDE to the supplier, or to { para }
 *   POST   /api/liquidacionesCompra/:id/anular     { motivo }: an AUTORIZADA one annulled at the SRI's portal → ANULADA
 *   POST   /api/liquidacionesCompra/:id/consultar  a SIN_RESPUESTA one: asks the SRI for its authorization again
 *
 * The emission points are the invoices' (GET /api/facturas/puntos). Rules (400 in Spanish, LIQUIDACIONES_MSG and the
 * factura's calculation messages): the supplier is the company's, active, and identified by cédula (05), pasaporte
 * (06) or identificación del exterior (08) — a RUC holder must issue its own factura; 1 to 1000 lines; payments that
 * add up to the total; the declared totals equal the server's. Amounts travel as strings with their scale.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { CampoAdicional, FacturaDetalle, LineaBorrador, PagoBorrador } from './facturas';
import { ENTREGAS_FACTURA, ESTADOS_FACTURA } from '../comprobantes/estados';
import { LIQUIDACION_MSG } from '../liquidacionesCompra/mensajes';

const Dinero = (description?: string) => Type.String({ description: description ?? 'Dólares con dos decimales, p. ej. "12.50"' });
const Numero = (description: string) => Type.Union([Type.Number(), Type.String({ maxLength: 40 })], { description });

/** The supplier's identification types a liquidación admits: 05 cédula, 06 pasaporte, 08 identificación del exterior. */
export { IDENTIFICACIONES_LIQUIDACION } from '../liquidacionesCompra/reglas';

/** A row of the list. */
export const LiquidacionCompra = Type.Object({
  FAC_CODIGO: Type.Integer(),
  FAC_ESTADO: Type.String({ description: ESTADOS_FACTURA.join(', ') }),
  FAC_FECHA: Type.String({ description: 'Fecha de emisión YYYY-MM-DD (America/Guayaquil)' }),
  FAC_NUMERO: Nullable(Type.String({ description: '001-001-000000123; null en un borrador' })),
  FAC_CLAVE_ACCESO: Nullable(Type.String({ description: '49 dígitos; null en un borrador' })),
  PRV_CODIGO: Type.Integer(),
  PRV_RAZON_SOCIAL: Type.String(),
  PRV_IDENTIFICACION: Type.String(),
  PEM_CODIGO: Type.Integer(),
  EST_CODIGO: Type.Integer(),
  EST_NUMERO: Type.String({ description: '001' }),
  PEM_NUMERO: Type.String({ description: '001' }),
  FAC_SUBTOTAL: Dinero('Total sin impuestos'),
  FAC_IVA: Dinero(),
  FAC_TOTAL: Dinero('Importe total'),
  FAC_ENTREGA: Nullable(Type.String({ description: `Correo al proveedor: ${ENTREGAS_FACTURA.join(', ')}; null antes de autorizarse` })),
});
export type LiquidacionCompra = Static<typeof LiquidacionCompra>;

/** The live comprobante de retención issued over the liquidación (not annulled nor refused), if any. */
export const RetencionDeLiquidacion = Type.Object({
  FAC_CODIGO: Type.Integer(),
  FAC_NUMERO: Nullable(Type.String({ description: 'null mientras es borrador' })),
  FAC_ESTADO: Type.String(),
});
export type RetencionDeLiquidacion = Static<typeof RetencionDeLiquidacion>;

/** One liquidación whole (GET /:id, and what create, edit and emitir answer): the invoice's detail with a supplier. */
export const LiquidacionCompraDetalle = Type.Object({
  ...Type.Omit(FacturaDetalle, ['CLI_CODIGO', 'CLI_RAZON_SOCIAL', 'CLI_IDENTIFICACION', 'CLI_TIPO_IDENTIFICACION', 'FAC_PROPINA'])
    .properties,
  ...LiquidacionCompra.properties,
  PRV_TIPO_IDENTIFICACION: Type.String({ description: '05 cédula, 06 pasaporte, 08 identificación del exterior' }),
  RETENCION: Nullable(RetencionDeLiquidacion),
});
export type LiquidacionCompraDetalle = Static<typeof LiquidacionCompraDetalle>;

/** What the form sends to create (POST) or replace (PUT) a draft, with the totals it showed. */
export const LiquidacionCompraBorrador = Type.Object({
  PEM_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Punto de emisión (GET /api/facturas/puntos)' }),
  PRV_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'El proveedor (sin RUC) a quien se compra' }),
  FAC_FECHA: Type.String({
    pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
    errorMessage: 'La fecha debe tener el formato AAAA-MM-DD',
    description: 'YYYY-MM-DD (hoy en America/Guayaquil por defecto en el formulario)',
  }),
  lineas: Type.Array(LineaBorrador, { maxItems: 1000, errorMessage: 'La liquidación admite hasta 1000 líneas' }),
  pagos: Type.Array(PagoBorrador, { maxItems: 20, errorMessage: 'La liquidación admite hasta 20 formas de pago' }),
  FAC_ADICIONAL: Type.Optional(Type.Array(CampoAdicional, { maxItems: 15 })),
  totalSinImpuestos: Numero('El subtotal que mostró el formulario'),
  totalDescuento: Numero('El total de descuentos que mostró el formulario'),
  totalIva: Numero('El IVA que mostró el formulario'),
  importeTotal: Numero('El total que mostró el formulario'),
});
export type LiquidacionCompraBorrador = Static<typeof LiquidacionCompraBorrador>;

/** GET /api/liquidacionesCompra/totales. */
export const LiquidacionesTotales = Type.Object({
  cantidad: Type.Integer(),
  anuladas: Type.Integer({ description: 'Cuántas de ellas están anuladas: se listan, pero no suman' }),
  subtotal: Dinero(),
  iva: Dinero(),
  total: Dinero(),
});
export type LiquidacionesTotales = Static<typeof LiquidacionesTotales>;

/** What the liquidaciones API answers in Spanish (the screens and the tests read the same sentences). */
export const LIQUIDACIONES_MSG = {
  proveedorAjeno: 'El proveedor no existe en su libro de proveedores.',
  proveedorInactivo: LIQUIDACION_MSG.proveedorInactivo,
  proveedorConRuc: LIQUIDACION_MSG.proveedorConRuc,
  proveedorIdentificacion: LIQUIDACION_MSG.proveedorIdentificacion,
  sinLineas: LIQUIDACION_MSG.sinLineas,
  emitidaNoModificable: 'Una liquidación emitida no se puede modificar.',
  emitidaNoEliminable: 'Una liquidación emitida no se puede eliminar.',
  borradorSinDocumentos: 'La liquidación todavía es un borrador: emítala para descargar su XML y su RIDE.',
  enProceso: 'La liquidación está en manos del SRI: espere su respuesta antes de modificarla.',
  noAutorizada: 'La liquidación todavía no está autorizada por el SRI.',
  conRetencion: 'Se emitió una retención sobre esta liquidación: anule primero la retención en el SRI y en Amelia.',
  sinCorreo: 'El proveedor no tiene correo electrónico: escriba a quién enviarla.',
  eliminada: 'Borrador eliminado.',
} as const;
