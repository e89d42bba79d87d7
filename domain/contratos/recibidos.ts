/**
 * The documents a company received (its suppliers' facturas, notas de crédito and débito, liquidaciones de compra issued
 * to it, its clients' comprobantes de retención), under /api/recibidos, permiso 'recibidos', company token, accounting
 * roles (ROLES_PERMITIDOS.recibidos):
 *
 *   GET    /api/recibidos                list (ra-data-simple-rest: range, sort, filter; total in Content-Range)
 *                                        filter: REC_TIPO (one or a list), desde, hasta (YYYY-MM-DD on REC_FECHA),
 *                                        PRV_CODIGO, CLI_CODIGO, q (number, access key, issuer's RUC or name), id (list),
 *                                        retenible (true: facturas and notas de débito with no live retención of ours)
 *                                        sort: REC_CODIGO (default DESC), REC_FECHA, REC_TOTAL
 *   GET    /api/recibidos/totales        ?filter=...: count and sums of the filtered set, and the same by month and type
 *   GET    /api/recibidos/exportar       ?formato=csv|xlsx&filter&sort: the filtered list as a spreadsheet
 *   GET    /api/recibidos/:id            one whole (RecibidoDetalle)
 *   GET    /api/recibidos/:id/xml        the document as the SRI authorized it (recibido-<tipo>-001-001-000000123.xml)
 *   GET    /api/recibidos/:id/ride       its RIDE drawn by the document core (PDF)
 *   DELETE /api/recibidos/:id            forgets it; 409 while a retención of ours or an applied collection rests on it
 *   POST   /api/recibidos/archivos       multipart, field `archivos`: one or more authorized XML files or ZIPs of them
 *   POST   /api/recibidos/claves         { claves }: text with access keys (pasted, typed, one or many): asks the
 *                                        SRI's autorizacionComprobante for each and keeps the authorized XML
 *   POST   /api/recibidos/reporte        multipart, field `archivo`: the SRI portal's report of received documents
 *                                        (tab-separated text), each key asked to the SRI as above
 *
 * Each import answers what happened to every document (ResultadoImportacion): imported, already there (duplicado), or
 * refused with the reason in Spanish: not authorized, a broken signature, not addressed to the company (its buyer's,
 * supplier's or withheld subject's identification is not the company's RUC), a type the company does not receive, an
 * unreadable file. One document refused never stops the others. A supplier missing from the book is added to it; a
 * client's retención names the company's invoices it withholds on, and is applied to them as a collection that never
 * settles more than each still owes (server/modules/cuentas).
 */
import { Type, type Static } from 'typebox';
import { multiline, Nullable } from './esquemas';

const Dinero = (description?: string) => Type.String({ description: description ?? 'Dólares con dos decimales, p. ej. "12.50"' });

/** The codDoc of what a company receives: 01 factura, 03 liquidación de compra, 04 crédito, 05 débito, 07 retención. */
export const TIPOS_RECIBIDOS = ['01', '03', '04', '05', '07'] as const;
export type TipoRecibido = (typeof TIPOS_RECIBIDOS)[number];

/** How it arrived. */
export const ORIGENES_RECIBIDO = ['xml', 'clave', 'reporte'] as const;

export const Recibido = Type.Object({
  REC_CODIGO: Type.Integer(),
  REC_TIPO: Type.String({ description: TIPOS_RECIBIDOS.join(', ') }),
  REC_NUMERO: Type.String({ description: '001-001-000000123' }),
  REC_FECHA: Type.String({ description: 'Fecha de emisión YYYY-MM-DD' }),
  REC_CLAVE_ACCESO: Type.String(),
  REC_EMISOR_RUC: Type.String(),
  REC_EMISOR_RAZON_SOCIAL: Type.String(),
  PRV_CODIGO: Nullable(Type.Integer({ description: 'El proveedor que lo emitió' })),
  CLI_CODIGO: Nullable(Type.Integer({ description: 'El cliente que lo emitió (una retención, una liquidación)' })),
  REC_AUTORIZACION: Type.String(),
  REC_FECHA_AUTORIZACION: Nullable(Type.String({ description: 'ISO 8601' })),
  REC_AMBIENTE: Type.Integer({ description: '1 pruebas, 2 producción' }),
  REC_SUBTOTAL: Dinero('Total sin impuestos (0 en una retención)'),
  REC_IVA: Dinero(),
  REC_TOTAL: Dinero('Importe total; en una retención, el total retenido'),
  REC_ORIGEN: Type.String({ description: ORIGENES_RECIBIDO.join(', ') }),
  REC_CREADO: Type.String({ description: 'ISO 8601: cuándo se registró' }),
  RETENCION: Nullable(
    Type.Object(
      { FAC_CODIGO: Type.Integer(), FAC_NUMERO: Nullable(Type.String()), FAC_ESTADO: Type.String() },
      { description: 'La retención nuestra, viva, sobre este documento' },
    ),
  ),
});
export type Recibido = Static<typeof Recibido>;

/** A tax of the document's totals as it carries it. */
export const ImpuestoRecibido = Type.Object({
  codigo: Type.String({ description: '2 IVA, 3 ICE, 5 IRBPNR' }),
  codigoPorcentaje: Type.String(),
  tarifa: Type.Optional(Type.String()),
  baseImponible: Dinero(),
  valor: Dinero(),
});
export type ImpuestoRecibido = Static<typeof ImpuestoRecibido>;

export const PagoRecibido = Type.Object({
  formaPago: Type.String(),
  total: Dinero(),
  plazo: Type.Optional(Type.String()),
  unidadTiempo: Type.Optional(Type.String()),
});
export type PagoRecibido = Static<typeof PagoRecibido>;

/** One withholding of a received retención, with the document it withholds on. */
export const RetencionRecibida = Type.Object({
  codigo: Type.String({ description: '1 renta, 2 IVA, 6 ISD' }),
  codigoRetencion: Type.String(),
  baseImponible: Dinero(),
  porcentajeRetener: Type.String(),
  valorRetenido: Dinero(),
  codDocSustento: Type.String({ description: '01 factura...' }),
  numDocSustento: Type.String({ description: '001-001-000000123' }),
  fechaEmisionDocSustento: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
});
export type RetencionRecibida = Static<typeof RetencionRecibida>;

/** What is kept of the document besides its columns (REC_DATOS), read once from its XML. */
export const DatosRecibido = Type.Object({
  /** Whom it is addressed to (the company): comprador, proveedor of a liquidación, or sujeto retenido. */
  receptor: Type.Object({ tipoIdentificacion: Type.String(), identificacion: Type.String(), razonSocial: Type.String() }),
  impuestos: Type.Array(ImpuestoRecibido),
  pagos: Type.Array(PagoRecibido),
  /** A note's modified document. */
  modificado: Type.Optional(Type.Object({ codDoc: Type.String(), numero: Type.String(), fecha: Nullable(Type.String()) })),
  motivo: Type.Optional(Type.String()),
  /** A retención's withholdings (v1.0.0 impuestos and v2.0.0 docsSustento alike). */
  retenciones: Type.Optional(Type.Array(RetencionRecibida)),
  /** A retención's fiscal period, MM/AAAA. */
  periodoFiscal: Type.Optional(Type.String()),
});
export type DatosRecibido = Static<typeof DatosRecibido>;

export const RecibidoDetalle = Type.Object({
  ...Recibido.properties,
  REC_DATOS: DatosRecibido,
  /** A client's retención applied as a collection: its id, and the invoices and amounts it settled. */
  COBRO: Nullable(
    Type.Object({
      COB_CODIGO: Type.Integer(),
      COB_VALOR: Dinero(),
      facturas: Type.Array(Type.Object({ FAC_CODIGO: Type.Integer(), FAC_NUMERO: Type.String(), CFA_VALOR: Dinero() })),
    }),
  ),
});
export type RecibidoDetalle = Static<typeof RecibidoDetalle>;

export const ESTADOS_IMPORTACION = ['importado', 'duplicado', 'rechazado'] as const;

/** What happened to one document of an import. */
export const ResultadoRecibido = Type.Object({
  /** The file's name (and the entry's within a ZIP), the key, or "línea 12" of the report. */
  origen: Type.String(),
  clave: Nullable(Type.String()),
  estado: Type.String({ description: ESTADOS_IMPORTACION.join(', ') }),
  /** Why it was refused, or what was done besides (proveedor añadido, retención aplicada a la factura ...). */
  mensaje: Nullable(Type.String()),
  REC_CODIGO: Nullable(Type.Integer()),
});
export type ResultadoRecibido = Static<typeof ResultadoRecibido>;

export const ResultadoImportacion = Type.Object({
  importados: Type.Integer(),
  duplicados: Type.Integer(),
  rechazados: Type.Integer(),
  /** Suppliers added to the book. */
  proveedoresNuevos: Type.Integer(),
  resultados: Type.Array(ResultadoRecibido),
});
export type ResultadoImportacion = Static<typeof ResultadoImportacion>;

export const ClavesRecibidos = Type.Object({
  claves: Type.String({
    minLength: 1,
    maxLength: 60000,
    errorMessage: 'Escriba o pegue al menos una clave de acceso',
    description: 'Claves de acceso de 49 dígitos, separadas por espacios, comas o saltos de línea (hasta 1000)',
    ...multiline,
  }),
});

/** GET /api/recibidos/totales. */
export const RecibidosTotales = Type.Object({
  cantidad: Type.Integer(),
  subtotal: Dinero(),
  iva: Dinero(),
  total: Dinero(),
  porMes: Type.Array(
    Type.Object({
      mes: Type.String({ description: 'YYYY-MM' }),
      REC_TIPO: Type.String(),
      cantidad: Type.Integer(),
      subtotal: Dinero(),
      iva: Dinero(),
      total: Dinero(),
    }),
  ),
});
export type RecibidosTotales = Static<typeof RecibidosTotales>;

export const RECIBIDOS_MSG = {
  noEncontrado: 'El documento recibido no existe',
  sinArchivos: 'Adjunte al menos un archivo XML o ZIP de comprobantes autorizados',
  sinClaves: 'No se encontró ninguna clave de acceso de 49 dígitos',
  demasiadas: 'Se admiten hasta 1000 documentos por importación',
  duplicado: 'Ya estaba registrado',
  noAutorizado: 'El SRI no lo tiene autorizado',
  sriNoDisponible: 'El SRI no respondió; intente de nuevo en unos minutos',
  firmaInvalida: 'La firma electrónica no es válida',
  ajeno: 'No está dirigido a su empresa',
  tipoNoAdmitido: 'Tipo de comprobante que no se recibe aquí',
  ilegible: 'No es un comprobante electrónico del SRI legible',
  enUso: 'No se puede eliminar: tiene una retención emitida o un cobro aplicado',
  pruebas: 'Es un comprobante del ambiente de pruebas del SRI: no tiene validez tributaria',
  tipoArchivo: 'Solo se admiten archivos .xml o .zip de comprobantes autorizados',
  archivoGrande: 'Cada archivo puede pesar hasta 5 MB, y la importación entera hasta 50 MB',
  reporte: 'Adjunte el reporte de comprobantes recibidos que descarga del portal del SRI (archivo .txt)',
  sinRide: 'Este tipo de comprobante aún no tiene RIDE en Amelia',
} as const;
