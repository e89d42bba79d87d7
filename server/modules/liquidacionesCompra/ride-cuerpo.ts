/**
 * The liquidación's RIDE body, as the invoice's with the supplier in the buyer's box: the supplier, the lines, the
 * totals and the payments (comprobantes/ride.ts draws the issuer, the number, the access key and the additional
 * information around it).
 */
import type { ComprobanteLiquidacionCompra } from '../../../domain/liquidacionesCompra';
import { emisorRide, filasTotales, nombreFormaPagoRide, plazoPago, tablaLineas, type CuerpoRide } from '../comprobantes';

export function cuerpoLiquidacion(c: ComprobanteLiquidacionCompra): CuerpoRide {
  const l = c.infoLiquidacionCompra;
  return {
    emisor: emisorRide(l),
    receptor: [
      ['Proveedor:', l.razonSocialProveedor],
      ['Identificación:', l.identificacionProveedor],
      ['Fecha de Emisión:', l.fechaEmision],
      ...(l.direccionProveedor ? [['Dirección:', l.direccionProveedor] as [string, string]] : []),
    ],
    tabla: tablaLineas(c.detalles, (d) => [d.codigoPrincipal ?? '', d.codigoAuxiliar ?? '']),
    totales: filasTotales(l).map((t) => [t.etiqueta, t.valor]),
    pagos: l.pagos.map((p) => [nombreFormaPagoRide(p.formaPago), p.total, plazoPago(p)]),
  };
}
