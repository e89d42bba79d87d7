/**
 * The SRI's catalogues a comprobante de retención needs (ficha técnica de comprobantes electrónicos, esquema offline,
 * and the ATS's table 5 for the sustento tributario): the taxes withheld, the support documents it admits, the
 * codSustento, and when a retención is late.
 */

/** The retención's `codigo` (and codigos_retencion.RCO_IMPUESTO): which tax is withheld. */
export const IMPUESTOS_RETENCION = [
  { codigo: '1', nombre: 'Renta' },
  { codigo: '2', nombre: 'IVA' },
  { codigo: '6', nombre: 'ISD' },
] as const;
export const IMPUESTO_RETENCION = { renta: '1', iva: '2', isd: '6' } as const;
export const nombreImpuestoRetencion = (codigo: string) => IMPUESTOS_RETENCION.find((i) => i.codigo === codigo)?.nombre;

/**
 * What a retención is issued on (codDocSustento): a supplier's factura or nota de débito received, or a liquidación de
 * compra the company issued. A nota de crédito lowers a purchase and is never withheld on.
 */
export const DOCUMENTOS_SUSTENTO = [
  { codigo: '01', nombre: 'Factura' },
  { codigo: '03', nombre: 'Liquidación de compra' },
  { codigo: '05', nombre: 'Nota de débito' },
] as const;
/** The received types a retención can rest on (recibidos.REC_TIPO); a liquidación is always the company's own. */
export const RECIBIDOS_RETENIBLES = ['01', '05'] as const;
/**
 * A retención that no longer rests on its documents: ANULADA (annulled at the SRI) and RECHAZADA (not authorized: it
 * never existed for the SRI). Any other, a draft and one the SRI sent back (DEVUELTA) too, is to be issued and counts.
 */
export const ESTADOS_SIN_RETENCION = ['ANULADA', 'RECHAZADA'] as const;
export const nombreDocumentoSustento = (codigo: string) => DOCUMENTOS_SUSTENTO.find((d) => d.codigo === codigo)?.nombre;

/** codSustento: the tax support of the purchase (ATS, tabla 5). */
export const SUSTENTOS_TRIBUTARIOS = [
  { codigo: '01', nombre: 'Crédito tributario para declaración de IVA (servicios y bienes distintos de inventarios y activos fijos)' },
  { codigo: '02', nombre: 'Costo o gasto para declaración de IR (servicios y bienes distintos de inventarios y activos fijos)' },
  { codigo: '03', nombre: 'Activo fijo - crédito tributario para declaración de IVA' },
  { codigo: '04', nombre: 'Activo fijo - costo o gasto para declaración de IR' },
  { codigo: '05', nombre: 'Liquidación de gastos de viaje, hospedaje y alimentación (gastos IR a nombre de empleados)' },
  { codigo: '06', nombre: 'Inventario - crédito tributario para declaración de IVA' },
  { codigo: '07', nombre: 'Inventario - costo o gasto para declaración de IR' },
  { codigo: '08', nombre: 'Valor pagado para solicitar reembolso de gasto (intermediario)' },
  { codigo: '09', nombre: 'Reembolso por siniestros' },
  { codigo: '10', nombre: 'Distribución de dividendos, beneficios o utilidades' },
  { codigo: '11', nombre: 'Convenios de débito o recaudación para IFIs' },
  { codigo: '12', nombre: 'Impuestos y retenciones presuntivos' },
  { codigo: '13', nombre: 'Valores reconocidos por entidades del sector público a favor de sujetos pasivos' },
  { codigo: '14', nombre: 'Valores facturados por socios a operadoras de transporte (que no constituyen gasto de la operadora)' },
  { codigo: '15', nombre: 'Pagos efectuados por consumos propios y de terceros de servicios digitales' },
  { codigo: '00', nombre: 'Casos especiales cuyo sustento no aplica en las opciones anteriores' },
] as const;
export const nombreSustentoTributario = (codigo: string) => SUSTENTOS_TRIBUTARIOS.find((s) => s.codigo === codigo)?.nombre;

/** The retención is due within 5 days of the support document (Ley de Régimen Tributario Interno, art. 50). */
export const DIAS_PLAZO_RETENCION = 5;

/** pagoLocExt: 01 a payment to a resident (local), 02 abroad; the app withholds on local purchases. */
export const PAGO_LOCAL = '01';

/** When a document has no payments of its own, the XML's required pago takes its total with this form. */
export const FORMA_PAGO_SIN_DETALLE = '20';
