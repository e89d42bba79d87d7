/**
 * The debit note's RIDE body, as the SRI's sample prints it: the buyer, the invoice it modifies, its reasons with
 * their values, the totals down to VALOR TOTAL and the payments. The core's frame (comprobantes/ride.ts) draws the
 * issuer, the number, the access key and the additional information around it.
 */
import type { ComprobanteNotaDebito } from '../../../domain/notasDebito/comprobante';
import {
  documentoModificado,
  emisorRide,
  impuestosRide,
  nombreFormaPagoRide,
  plazoPago,
  puntos,
  type CuerpoRide,
  type TablaRide,
} from '../comprobantes';

/** The reason takes what the value leaves. */
const COLUMNAS: TablaRide['columnas'] = [
  { titulo: 'Razón de la modificación', ancho: 1 - puntos(110) },
  { titulo: 'Valor de la modificación', ancho: puntos(110), alinear: 'right' },
];

export function cuerpoNotaDebito(c: ComprobanteNotaDebito): CuerpoRide {
  const n = c.infoNotaDebito;
  const { subtotales, ivas } = impuestosRide(n.impuestos);
  return {
    emisor: emisorRide(n),
    receptor: [
      ['Razón Social / Nombres y Apellidos:', n.razonSocialComprador],
      ['Identificación:', n.identificacionComprador],
      ['Fecha Emisión:', n.fechaEmision],
    ],
    // A debit note has no single motivo: its reasons are its table.
    modificado: [
      ['Comprobante que se modifica:', documentoModificado(n.codDocModificado, n.numDocModificado)],
      ['Fecha Emisión (Comprobante a modificar):', n.fechaEmisionDocSustento],
    ],
    tabla: { columnas: COLUMNAS, filas: c.motivos.map((m) => [m.razon, m.valor]) },
    totales: [
      ...subtotales.map((t): [string, string] => [t.etiqueta, t.valor]),
      ['SUBTOTAL SIN IMPUESTOS', n.totalSinImpuestos],
      ...ivas.map((t): [string, string] => [t.etiqueta, t.valor]),
      ['VALOR TOTAL', n.valorTotal],
    ],
    pagos: n.pagos.map((p) => [nombreFormaPagoRide(p.formaPago), p.total, plazoPago(p)]),
  };
}
