/**
 * The guías de remisión API (codDoc 06, GuiaRemision_V1.1.0.xsd) of the company application, under /api/guiasRemision,
 * permiso 'guiasRemision', company token, roles ROLES_PERMITIDOS.guiasRemision. A guía goes with goods on the road: the
 * carrier (a transportista of the company, facturas.TRA_CODIGO) and the vehicle's plate, where the goods leave from,
 * when the transport starts and ends, and one or more destinatarios, each with the reason of the transfer, an optional
 * support document (an AUTORIZADA factura of the company) and its goods. It carries no amounts.
 *
 *   GET    /api/guiasRemision                       list (ra-data-simple-rest: range, sort, filter; total in Content-Range)
 *                                                  filter: FAC_ESTADO (one or a list), desde, hasta (YYYY-MM-DD on
 *                                                  FAC_FECHA), TRA_CODIGO, FAC_SUSTENTO (guías citing that factura),
 *                                                  q (number, access key, carrier, plate or a destinatario), id (list)
 *                                                  sort: FAC_CODIGO (default DESC), FAC_FECHA
 *   GET    /api/guiasRemision/totales               ?filter=...: how many, how many annulled
 *   GET    /api/guiasRemision/exportar              ?formato=csv|xlsx&filter&sort: the filtered list as a spreadsheet
 *   GET    /api/guiasRemision/desdeFactura/:id      a draft's content prefilled from an AUTORIZADA factura the session
 *                                                  sees (GuiaRemisionBorrador without carrier): the company's
 *                                                  establishment address as departure, today as the dates, the buyer as
 *                                                  destinatario with its address and emails, motivo "Venta", the
 *                                                  factura as support document, its lines as goods. 409 if not AUTORIZADA.
 *   GET    /api/guiasRemision/:id                   one whole (GuiaRemisionDetalle)
 *   POST   /api/guiasRemision                       creates a draft (GuiaRemisionBorrador) → 201
 *   PUT    /api/guiasRemision/:id                   replaces a draft (or one the SRI sent back); an issued one → 409
 *   DELETE /api/guiasRemision/:id                   deletes a draft; an issued one → 409
 *   POST   /api/guiasRemision/:id/emitir            issues it: number, access key, signed XML, FIRMADA (the core)
 *   GET    /api/guiasRemision/:id/xml | ride | autorizado
 *   POST   /api/guiasRemision/:id/correo            sends the authorized XML and the RIDE to the destinatarios, or to { para }
 *   POST   /api/guiasRemision/:id/anular            { motivo }: an AUTORIZADA one annulled at the SRI's portal → ANULADA
 *   POST   /api/guiasRemision/:id/consultar         a SIN_RESPUESTA one: asks the SRI for its authorization again
 *
 * The emission points are the invoices' (GET /api/facturas/puntos). Rules (400 in Spanish, GUIAS_MSG): the carrier is
 * the company's and active (404 / 400); the plate 1-20 characters; the start date on or after the issue date's day
 * minus nothing (any day) and the end on or after the start; 1 to 100 destinatarios, each with identification (1-20),
 * name, address and motivo, and 1 to 1000 goods of quantity > 0 (up to 6 decimals); a support document is an AUTORIZADA
 * factura of the company that the session sees (404 otherwise); codEstabDestino three digits.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { CampoAdicional, FacturaDetalle } from './facturas';
import { ENTREGAS_FACTURA, ESTADOS_FACTURA } from '../comprobantes/estados';

export { CampoAdicional } from './facturas';

const Texto = (max: number, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });
const Numero = (description: string) => Type.Union([Type.Number(), Type.String({ maxLength: 40 })], { description });
const Dia = (description: string) =>
  Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', errorMessage: 'La fecha debe tener el formato AAAA-MM-DD', description });

/** A row of the list. */
export const GuiaRemision = Type.Object({
  FAC_CODIGO: Type.Integer(),
  FAC_ESTADO: Type.String({ description: ESTADOS_FACTURA.join(', ') }),
  FAC_FECHA: Type.String({ description: 'Fecha de emisión YYYY-MM-DD (America/Guayaquil)' }),
  FAC_NUMERO: Nullable(Type.String({ description: '001-001-000000123; null en un borrador' })),
  FAC_CLAVE_ACCESO: Nullable(Type.String({ description: '49 dígitos; null en un borrador' })),
  TRA_CODIGO: Type.Integer(),
  TRA_RAZON_SOCIAL: Type.String(),
  TRA_IDENTIFICACION: Type.String(),
  GUI_PLACA: Type.String(),
  GUI_FECHA_INICIO: Type.String({ description: 'YYYY-MM-DD' }),
  GUI_FECHA_FIN: Type.String({ description: 'YYYY-MM-DD' }),
  DESTINATARIOS: Type.String({ description: 'El primer destinatario, y "y N más" si hay otros' }),
  PEM_CODIGO: Type.Integer(),
  EST_CODIGO: Type.Integer(),
  EST_NUMERO: Type.String({ description: '001' }),
  PEM_NUMERO: Type.String({ description: '001' }),
  FAC_ENTREGA: Nullable(
    Type.String({ description: `Correo a los destinatarios: ${ENTREGAS_FACTURA.join(', ')}; null antes de autorizarse` }),
  ),
});
export type GuiaRemision = Static<typeof GuiaRemision>;

/** One good a destinatario receives. */
export const GuiaDetalle = Type.Object({
  CAT_CODIGO: Nullable(Type.Integer()),
  GDT_CODIGO_INTERNO: Nullable(Type.String()),
  GDT_CODIGO_ADICIONAL: Nullable(Type.String()),
  GDT_DESCRIPCION: Type.String(),
  GDT_CANTIDAD: Type.String({ description: 'Cantidad con 6 decimales, p. ej. "3.000000"' }),
  GDT_ADICIONALES: Type.Array(CampoAdicional, { description: 'Hasta 3 detalles adicionales (detAdicional)' }),
});
export type GuiaDetalle = Static<typeof GuiaDetalle>;

/** One destinatario, with its support document when it has one. */
export const GuiaDestinatario = Type.Object({
  CLI_CODIGO: Nullable(Type.Integer({ description: 'El cliente de la empresa, si lo es' })),
  GDE_IDENTIFICACION: Type.String(),
  GDE_RAZON_SOCIAL: Type.String(),
  GDE_DIRECCION: Type.String(),
  GDE_CORREOS: Type.Array(Type.String()),
  GDE_MOTIVO: Type.String(),
  GDE_DOC_ADUANERO: Nullable(Type.String()),
  GDE_ESTAB_DESTINO: Nullable(Type.String({ description: '001-999: el establecimiento de la empresa que recibe un traslado' })),
  GDE_RUTA: Nullable(Type.String()),
  GDE_SUSTENTO: Nullable(Type.Integer({ description: 'FAC_CODIGO de la factura autorizada que sustenta el traslado' })),
  SUSTENTO_NUMERO: Nullable(Type.String({ description: '001-001-000000123 de la factura' })),
  SUSTENTO_FECHA: Nullable(Type.String({ description: 'YYYY-MM-DD de la factura' })),
  detalles: Type.Array(GuiaDetalle),
});
export type GuiaDestinatario = Static<typeof GuiaDestinatario>;

/** One guía whole (GET /:id, and what create, edit and emitir answer). */
export const GuiaRemisionDetalle = Type.Object({
  ...Type.Pick(FacturaDetalle, [
    'EST_DIRECCION',
    'FAC_SECUENCIAL',
    'FAC_AMBIENTE',
    'FAC_ADICIONAL',
    'FAC_AUTORIZACION',
    'FAC_FECHA_AUTORIZACION',
    'FAC_RECIBIDA',
    'FAC_SRI_MENSAJES',
    'FAC_ENTREGA_FECHA',
    'FAC_ENTREGA_DETALLE',
    'FAC_ANULACION_MOTIVO',
    'FAC_ANULACION_FECHA',
    'cola',
    'FAC_CREADO',
    'FAC_ACTUALIZADO',
  ]).properties,
  ...GuiaRemision.properties,
  TRA_TIPO_IDENTIFICACION: Type.String({ description: '04 RUC, 05 cédula, 06 pasaporte, 08 identificación del exterior' }),
  GUI_DIR_PARTIDA: Type.String(),
  destinatarios: Type.Array(GuiaDestinatario),
});
export type GuiaRemisionDetalle = Static<typeof GuiaRemisionDetalle>;

/** A good as the form sends it. */
export const GuiaDetalleBorrador = Type.Object({
  CAT_CODIGO: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  GDT_CODIGO_INTERNO: Type.Optional(Nullable(Texto(25))),
  GDT_CODIGO_ADICIONAL: Type.Optional(Nullable(Texto(25))),
  GDT_DESCRIPCION: Texto(300),
  GDT_CANTIDAD: Numero('Cantidad mayor que cero, hasta 6 decimales'),
  GDT_ADICIONALES: Type.Optional(
    Type.Array(CampoAdicional, { maxItems: 3, errorMessage: 'Cada bien admite hasta 3 detalles adicionales' }),
  ),
});
export type GuiaDetalleBorrador = Static<typeof GuiaDetalleBorrador>;

/** A destinatario as the form sends it. */
export const GuiaDestinatarioBorrador = Type.Object({
  CLI_CODIGO: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  GDE_IDENTIFICACION: Texto(20),
  GDE_RAZON_SOCIAL: Texto(300),
  GDE_DIRECCION: Texto(300),
  GDE_CORREOS: Type.Optional(Type.Array(Texto(150), { maxItems: 10 })),
  GDE_MOTIVO: Texto(300),
  GDE_DOC_ADUANERO: Type.Optional(Nullable(Texto(20))),
  GDE_ESTAB_DESTINO: Type.Optional(Nullable(Texto(3))),
  GDE_RUTA: Type.Optional(Nullable(Texto(300))),
  GDE_SUSTENTO: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  detalles: Type.Array(GuiaDetalleBorrador, { maxItems: 1000, errorMessage: 'Cada destinatario admite hasta 1000 bienes' }),
});
export type GuiaDestinatarioBorrador = Static<typeof GuiaDestinatarioBorrador>;

/** What the form sends to create (POST) or replace (PUT) a draft. */
export const GuiaRemisionBorrador = Type.Object({
  PEM_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Punto de emisión (GET /api/facturas/puntos)' }),
  TRA_CODIGO: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'El transportista (GET /api/transportistas)' }),
  FAC_FECHA: Dia('Fecha de emisión YYYY-MM-DD (hoy en America/Guayaquil por defecto en el formulario)'),
  GUI_DIR_PARTIDA: Texto(300),
  GUI_FECHA_INICIO: Dia('Inicio del transporte YYYY-MM-DD'),
  GUI_FECHA_FIN: Dia('Fin del transporte YYYY-MM-DD, el mismo día o después del inicio'),
  GUI_PLACA: Texto(20),
  destinatarios: Type.Array(GuiaDestinatarioBorrador, { maxItems: 100, errorMessage: 'La guía admite hasta 100 destinatarios' }),
  FAC_ADICIONAL: Type.Optional(Type.Array(CampoAdicional, { maxItems: 15 })),
});
export type GuiaRemisionBorrador = Static<typeof GuiaRemisionBorrador>;

/** GET /desdeFactura/:id: a draft's content from an invoice; the carrier, plate and point are the user's to choose. */
export const GuiaDesdeFactura = Type.Object({
  ...Type.Omit(GuiaRemisionBorrador, ['TRA_CODIGO', 'GUI_PLACA', 'PEM_CODIGO']).properties,
  PEM_CODIGO: Type.Integer({ description: 'El punto de emisión de la factura' }),
});
export type GuiaDesdeFactura = Static<typeof GuiaDesdeFactura>;

/** GET /api/guiasRemision/totales. */
export const GuiasTotales = Type.Object({
  cantidad: Type.Integer(),
  anuladas: Type.Integer({ description: 'Cuántas de ellas están anuladas' }),
});
export type GuiasTotales = Static<typeof GuiasTotales>;

/** What the guías API answers in Spanish (the screens and the tests read the same sentences). */
export const GUIAS_MSG = {
  transportistaAjeno: 'El transportista no existe en su lista de transportistas.',
  transportistaInactivo: 'El transportista está inactivo: actívelo o elija otro.',
  sustentoAjeno: 'La factura de sustento no existe entre sus facturas.',
  sustentoNoAutorizado: 'Solo una factura autorizada por el SRI sustenta una guía de remisión.',
  sinDestinatarios: 'Agregue al menos un destinatario.',
  sinDetalles: (destinatario: number) => `Agregue al menos un bien para el destinatario ${destinatario}.`,
  fechaFin: 'La fecha de fin del transporte no puede ser anterior a la de inicio.',
  emitidaNoModificable: 'Una guía de remisión emitida no se puede modificar.',
  emitidaNoEliminable: 'Una guía de remisión emitida no se puede eliminar.',
  borradorSinDocumentos: 'La guía todavía es un borrador: emítala para descargar su XML y su RIDE.',
  enProceso: 'La guía está en manos del SRI: espere su respuesta antes de modificarla.',
  noAutorizada: 'La guía de remisión todavía no está autorizada por el SRI.',
  sinCorreo: 'Ningún destinatario tiene correo electrónico: escriba a quién enviarla.',
  eliminada: 'Borrador eliminado.',
} as const;
