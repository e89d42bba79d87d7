/**
 * A supplier's account (what the company owes it), under /api/proveedores, permiso 'proveedores', company token,
 * accounting roles (ROLES_PERMITIDOS.proveedores.leer); another company's supplier answers 404:
 *
 *   GET /api/proveedores/:id/cuenta            the documents and the movements by date with the running balance
 *   GET /api/proveedores/:id/cuenta/reporte    ?formato=pdf|xlsx the same as a file
 *
 * What counts: the documents received from the supplier (recibidos PRV_CODIGO): facturas and notas de débito add their
 * total, notas de crédito subtract it; the company's own AUTORIZADA liquidaciones de compra to the supplier (facturas
 * FAC_TIPO '03', PRV_CODIGO) add their total; the company's own AUTORIZADA comprobantes de retención to the supplier
 * (FAC_TIPO '07') subtract what they withhold (FAC_TOTAL), which each support document shows as "retenido". A draft, a
 * document waiting for the SRI, a refused or an annulled one counts nothing. Payments to suppliers are not recorded
 * (yet): the balance is what was bought less what was withheld and credited. Money travels as strings with 2 decimals;
 * every sum is made in SQL numeric.
 */
import { Type, type Static } from 'typebox';
import { FORMATOS_REPORTE, type FormatoReporte } from './reportes';

export { FORMATOS_REPORTE, type FormatoReporte };

const Dinero = (description?: string) => Type.String({ description: description ?? 'Dólares con dos decimales, p. ej. "12.50"' });
const Fecha = (description: string) => Type.String({ description: `${description} (AAAA-MM-DD)` });

export const ProveedorParam = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export const ReporteCuentaProveedorQuery = Type.Object({
  formato: Type.Unsafe<FormatoReporte>({ type: 'string', enum: [...FORMATOS_REPORTE], errorMessage: 'El formato debe ser xlsx o pdf' }),
});
export type ReporteCuentaProveedorQuery = Static<typeof ReporteCuentaProveedorQuery>;

/** The kinds of document in a supplier's account. */
export const TIPOS_DOCUMENTO_PROVEEDOR = ['factura', 'notaDebito', 'notaCredito', 'liquidacion', 'retencion'] as const;
export type TipoDocumentoProveedor = (typeof TIPOS_DOCUMENTO_PROVEEDOR)[number];

/** Their names, as the statement, the PDF and the Excel write them. */
export const NOMBRE_DOCUMENTO_PROVEEDOR: Record<TipoDocumentoProveedor, string> = {
  factura: 'Factura',
  notaDebito: 'Nota de débito',
  notaCredito: 'Nota de crédito',
  liquidacion: 'Liquidación de compra',
  retencion: 'Retención',
};

export const DocumentoProveedor = Type.Object({
  tipo: Type.Unsafe<TipoDocumentoProveedor>({ type: 'string', enum: [...TIPOS_DOCUMENTO_PROVEEDOR] }),
  id: Type.Integer({ description: 'REC_CODIGO de un documento recibido; FAC_CODIGO de una liquidación propia' }),
  numero: Type.String({ description: '001-001-000000123' }),
  fecha: Fecha('Emisión'),
  total: Dinero('Su importe total; negativo en una nota de crédito'),
  retenido: Dinero('Lo que retienen de él nuestras retenciones autorizadas'),
  saldo: Dinero('total − retenido'),
});
export type DocumentoProveedor = Static<typeof DocumentoProveedor>;

export const MovimientoProveedor = Type.Object({
  fecha: Fecha('Fecha del documento'),
  tipo: DocumentoProveedor.properties.tipo,
  id: Type.Integer({ description: 'REC_CODIGO de un documento recibido; FAC_CODIGO de uno propio' }),
  numero: Type.String(),
  concepto: Type.String({ description: '"Factura 001-001-…", "Retención 001-001-… (factura 001-001-…)"' }),
  haber: Dinero('Lo que aumenta la deuda con el proveedor: una factura, una nota de débito, una liquidación'),
  debe: Dinero('Lo que la reduce: una nota de crédito, una retención'),
  saldo: Dinero('Lo que se le debe tras este movimiento'),
});
export type MovimientoProveedor = Static<typeof MovimientoProveedor>;

export const CuentaProveedor = Type.Object({
  proveedor: Type.Object({ PRV_CODIGO: Type.Integer(), PRV_IDENTIFICACION: Type.String(), PRV_RAZON_SOCIAL: Type.String() }),
  hoy: Fecha('La fecha del cálculo (Ecuador)'),
  documentos: Type.Array(DocumentoProveedor, { description: 'Lo comprado (y sus notas), el más antiguo primero' }),
  movimientos: Type.Array(MovimientoProveedor, { description: 'Por fecha, con el saldo acumulado; el último es totales.saldo' }),
  totales: Type.Object({
    comprado: Dinero('Facturas, notas de débito y liquidaciones'),
    notasCredito: Dinero('Notas de crédito recibidas'),
    retenido: Dinero('Retenciones autorizadas'),
    saldo: Dinero('comprado − notasCredito − retenido'),
  }),
});
export type CuentaProveedor = Static<typeof CuentaProveedor>;
