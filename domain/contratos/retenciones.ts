/**
 * The comprobantes de retención API (codDoc 07, ComprobanteRetencion_V2.0.0.xsd) of the company application, under
 * /api/retenciones, permiso 'retenciones', company token, accounting roles (ROLES_PERMITIDOS.retenciones). A retención
 * withholds income tax (renta, codigo 1) and IVA (codigo 2) on what the company bought from one supplier (PRV_CODIGO,
 * the sujeto retenido): on received facturas and notas de débito (REC_CODIGO, /api/recibidos) and on the company's own
 * AUTORIZADA liquidaciones de compra (RSU_LIQUIDACION), each a docSustento with its codSustento.
 *
 *   GET    /api/retenciones                       list (ra-data-simple-rest: range, sort, filter; total in Content-Range)
 *                                                 filter: FAC_ESTADO (one or a list), desde, hasta, PRV_CODIGO,
 *                                                 q (number, access key, supplier, a support document's number), id
 *                                                 sort: FAC_CODIGO (default DESC), FAC_FECHA, FAC_TOTAL
 *   GET    /api/retenciones/totales               ?filter=... count and sums (renta, IVA, total) of the filtered set
 *   GET    /api/retenciones/exportar              ?formato=csv|xlsx&filter&sort
 *   GET    /api/retenciones/sustentos             ?PRV_CODIGO=&fecha=  or ?REC_CODIGO=  or ?RSU_LIQUIDACION=: what can be
 *                                                 withheld: received 01/05 of the supplier and own AUTORIZADA 03 with no
 *                                                 live retención (SustentoDisponible[]); `fecha` (the retención's day)
 *                                                 adds each one's late warning
 *   GET    /api/retenciones/:id                   one retención whole (RetencionDetalle, with its avisos)
 *   POST   /api/retenciones                       creates a draft (RetencionBorrador) → 201
 *   PUT    /api/retenciones/:id                   replaces a draft (or one the SRI sent back: DEVUELTA, RECHAZADA)
 *   DELETE /api/retenciones/:id                   deletes a draft
 *   POST   /api/retenciones/:id/emitir            issues it (rules checked again under the support documents' lock)
 *   GET    /api/retenciones/:id/xml | ride | autorizado; POST :id/correo { para? }, :id/anular { motivo },
 *          :id/consultar (as the notes)
 *
 * Amounts: FAC_SUBTOTAL is the income tax withheld (renta), FAC_IVA the IVA withheld, FAC_TOTAL the total withheld
 * (with ISD when there is any). valorRetenido = round(baseImponible × porcentajeRetener / 100, 2), half-up.
 *
 * Rules (400 in Spanish, domain/retenciones): at least one support document and one withholding; each support
 * document of the company (404 otherwise) and of the retención's supplier; a received one a factura (01) or nota de
 * débito (05), an own one a liquidación de compra (03) AUTORIZADA; each withholding's code in force on the retención's
 * date (GET /api/codigosRetencion); per support document the renta bases add up to at most its totalSinImpuestos and
 * the IVA bases to at most its IVA; the retención not dated before a support document. A support document already
 * withheld by another live retención of the company (any state but ANULADA and RECHAZADA, drafts included) is a 409.
 * Not an error: a retención dated more than 5 days after a support document's fechaEmision carries a warning
 * (`avisos`), which the screen shows. The fiscal period (periodoFiscal, MM/AAAA) is the retención's month.
 */
import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { CampoAdicional, MensajeSri } from './facturas';
import { Dinero, FechaNota, Numero } from './notasCredito';
import { ESTADOS_FACTURA, ENTREGAS_FACTURA } from '../comprobantes/estados';

const Codigo = (description: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });

/** A row of the list. */
export const Retencion = Type.Object({
  FAC_CODIGO: Type.Integer(),
  FAC_TIPO: Type.String({ description: '07' }),
  FAC_ESTADO: Type.String({ description: ESTADOS_FACTURA.join(', ') }),
  FAC_FECHA: Type.String({ description: 'Fecha de emisión YYYY-MM-DD (America/Guayaquil)' }),
  FAC_NUMERO: Nullable(Type.String({ description: '001-001-000000123; null en un borrador' })),
  FAC_CLAVE_ACCESO: Nullable(Type.String({ description: '49 dígitos; null en un borrador' })),
  FAC_SUBTOTAL: Dinero('Impuesto a la renta retenido'),
  FAC_IVA: Dinero('IVA retenido'),
  FAC_TOTAL: Dinero('Total retenido'),
  PERIODO_FISCAL: Type.String({ description: 'MM/AAAA: el mes de la retención' }),
  DOCUMENTOS: Type.String({ description: 'Los números de sus documentos de sustento, separados por comas' }),
  PRV_CODIGO: Type.Integer({ description: 'El proveedor: sujeto retenido' }),
  PRV_RAZON_SOCIAL: Type.String(),
  PRV_IDENTIFICACION: Type.String(),
  PEM_CODIGO: Type.Integer(),
  FAC_ENTREGA: Nullable(Type.String({ description: `Correo al proveedor: ${ENTREGAS_FACTURA.join(', ')}` })),
  FAC_AUTORIZACION: Nullable(Type.String()),
  FAC_FECHA_AUTORIZACION: Nullable(Type.String({ description: 'Fecha y hora ISO 8601' })),
  FAC_SRI_MENSAJES: Type.Array(MensajeSri),
  FAC_ADICIONAL: Type.Array(CampoAdicional),
});
export type Retencion = Static<typeof Retencion>;

/** One withholding as stored and answered. */
export const RetencionLinea = Type.Object({
  RDE_LINEA: Type.Integer(),
  RDE_IMPUESTO: Type.String({ description: '1 renta, 2 IVA, 6 ISD (el `codigo` del XML)' }),
  RCO_ID: Nullable(Type.Integer({ description: 'La fila de la tabla de códigos que se aplicó' })),
  RDE_CODIGO: Type.String({ description: 'codigoRetencion del SRI: 303, 312, 725...' }),
  RCO_CONCEPTO: Nullable(Type.String()),
  RDE_BASE: Dinero('Base imponible'),
  RDE_PORCENTAJE: Type.String({ description: 'Porcentaje aplicado, dos decimales' }),
  RDE_VALOR: Dinero('Valor retenido'),
});
export type RetencionLinea = Static<typeof RetencionLinea>;

/** A tax of a support document (impuestoDocSustento). */
export const ImpuestoSustento = Type.Object({
  codigo: Type.String({ description: '2 IVA, 3 ICE, 5 IRBPNR' }),
  codigoPorcentaje: Type.String(),
  tarifa: Type.String(),
  baseImponible: Dinero(),
  valor: Dinero(),
});
export type ImpuestoSustento = Static<typeof ImpuestoSustento>;

/** A support document as the list of what can be withheld and a retención's detail show it. */
export const DocumentoSustento = Type.Object({
  REC_CODIGO: Nullable(Type.Integer({ description: 'Un documento recibido' })),
  RSU_LIQUIDACION: Nullable(Type.Integer({ description: 'Una liquidación de compra propia (FAC_CODIGO)' })),
  PRV_CODIGO: Nullable(Type.Integer()),
  codDocSustento: Type.String({ description: '01 factura, 03 liquidación de compra, 05 nota de débito' }),
  numero: Type.String({ description: '001-001-000000123' }),
  fecha: Type.String({ description: 'Fecha de emisión YYYY-MM-DD' }),
  autorizacion: Nullable(Type.String()),
  totalSinImpuestos: Dinero('Base máxima de las retenciones en la renta'),
  iva: Dinero('IVA del documento: base máxima de las retenciones de IVA'),
  importeTotal: Dinero(),
  impuestos: Type.Array(ImpuestoSustento),
  pagos: Type.Array(Type.Object({ formaPago: Type.String(), total: Dinero() })),
});
export type DocumentoSustento = Static<typeof DocumentoSustento>;

/** GET /api/retenciones/sustentos: one document that can be withheld. */
export const SustentoDisponible = Type.Object({
  ...DocumentoSustento.properties,
  PRV_RAZON_SOCIAL: Nullable(Type.String()),
  PRV_IDENTIFICACION: Type.String(),
  aviso: Nullable(Type.String({ description: 'Con `fecha`: el aviso de que la retención va más de 5 días después' })),
});
export type SustentoDisponible = Static<typeof SustentoDisponible>;

export const SustentosQuery = Type.Object({
  PRV_CODIGO: Type.Optional(Codigo('Los documentos de este proveedor')),
  REC_CODIGO: Type.Optional(Codigo('Solo este documento recibido')),
  RSU_LIQUIDACION: Type.Optional(Codigo('Solo esta liquidación de compra')),
  fecha: Type.Optional(FechaNota),
});
export type SustentosQuery = Static<typeof SustentosQuery>;

/** A support document of a retención with its withholdings. */
export const SustentoRetencion = Type.Object({
  RSU_LINEA: Type.Integer(),
  RSU_SUSTENTO: Type.String({ description: 'codSustento del SRI (01 crédito tributario para declaración de IVA...)' }),
  ...DocumentoSustento.properties,
  retenciones: Type.Array(RetencionLinea),
});
export type SustentoRetencion = Static<typeof SustentoRetencion>;

export const RetencionDetalle = Type.Object({
  ...Retencion.properties,
  PRV_TIPO_IDENTIFICACION: Type.String(),
  EST_NUMERO: Type.String(),
  PEM_NUMERO: Type.String(),
  FAC_SECUENCIAL: Nullable(Type.Integer()),
  FAC_ANULACION_MOTIVO: Nullable(Type.String()),
  FAC_ANULACION_FECHA: Nullable(Type.String({ description: 'Fecha y hora ISO 8601' })),
  FAC_ENTREGA_FECHA: Nullable(Type.String({ description: 'Fecha y hora ISO 8601' })),
  FAC_ENTREGA_DETALLE: Nullable(Type.String()),
  FAC_CREADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
  FAC_ACTUALIZADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
  sustentos: Type.Array(SustentoRetencion),
  avisos: Type.Array(Type.String(), { description: 'Advertencias que no impiden emitirla (más de 5 días después del documento)' }),
});
export type RetencionDetalle = Static<typeof RetencionDetalle>;

/** A withholding as the form sends it. */
export const RetencionLineaBorrador = Type.Object({
  RCO_ID: Codigo('El código de retención vigente (GET /api/codigosRetencion)'),
  RDE_BASE: Numero('Base imponible en dólares, hasta 2 decimales'),
});
export type RetencionLineaBorrador = Static<typeof RetencionLineaBorrador>;

/** A support document as the form sends it: exactly one of REC_CODIGO and RSU_LIQUIDACION. */
export const SustentoBorrador = Type.Object({
  REC_CODIGO: Type.Optional(Nullable(Codigo('Un documento recibido (factura o nota de débito)'))),
  RSU_LIQUIDACION: Type.Optional(Nullable(Codigo('Una liquidación de compra propia autorizada'))),
  RSU_SUSTENTO: Type.String({ pattern: '^[0-9]{2}$', errorMessage: 'Elija el sustento tributario', description: 'codSustento' }),
  retenciones: Type.Array(RetencionLineaBorrador, {
    minItems: 1,
    maxItems: 20,
    errorMessage: 'Cada documento admite de 1 a 20 retenciones',
  }),
});
export type SustentoBorrador = Static<typeof SustentoBorrador>;

/** What the screen showed: refused with 400 when the server's calculation differs by a cent. */
export const TotalesRetencion = Type.Object({
  FAC_SUBTOTAL: Numero('Renta retenida que mostró el formulario'),
  FAC_IVA: Numero('IVA retenido que mostró el formulario'),
  FAC_TOTAL: Numero('Total retenido que mostró el formulario'),
});

/** What the form sends to create (POST) or replace (PUT) a retención's draft. */
export const RetencionBorrador = Type.Object({
  PRV_CODIGO: Codigo('El proveedor (sujeto retenido)'),
  FAC_FECHA: Type.Optional(FechaNota),
  PEM_CODIGO: Codigo('Punto de emisión (GET /api/facturas/puntos)'),
  sustentos: Type.Array(SustentoBorrador, { minItems: 1, maxItems: 50, errorMessage: 'La retención admite de 1 a 50 documentos' }),
  FAC_ADICIONAL: Type.Optional(Type.Array(CampoAdicional, { maxItems: 15 })),
  totales: Type.Optional(TotalesRetencion),
});
export type RetencionBorrador = Static<typeof RetencionBorrador>;

/** GET /totales. */
export const RetencionesTotales = Type.Object({
  cantidad: Type.Integer(),
  anuladas: Type.Integer({ description: 'Cuántas están anuladas: se listan, pero no suman' }),
  renta: Dinero(),
  iva: Dinero(),
  total: Dinero(),
});
export type RetencionesTotales = Static<typeof RetencionesTotales>;
