/**
 * The invoice's RIDE body: the buyer, the lines, the totals and the payments as the core's frame prints them
 * (comprobantes/ride.ts draws the issuer, the number, the access key and the additional information around it).
 */
import type { ComprobanteFactura } from '../../../domain/facturas/comprobante';
import { emisorRide, filasTotales, nombreFormaPagoRide, plazoPago, tablaLineas, type CuerpoRide } from '../comprobantes';

export function cuerpoFactura(c: ComprobanteFactura): CuerpoRide {
  const f = c.infoFactura;
  return {
    emisor: emisorRide(f),
    receptor: [
      ['Razón Social / Nombres y Apellidos:', f.razonSocialComprador],
      ['Identificación:', f.identificacionComprador],
      ['Fecha de Emisión:', f.fechaEmision],
      ...(f.direccionComprador ? [['Dirección:', f.direccionComprador] as [string, string]] : []),
    ],
    tabla: tablaLineas(c.detalles, (d) => [d.codigoPrincipal ?? '', d.codigoAuxiliar ?? '']),
    totales: filasTotales(f).map((t) => [t.etiqueta, t.valor]),
    pagos: f.pagos.map((p) => [nombreFormaPagoRide(p.formaPago), p.total, plazoPago(p)]),
  };
}
