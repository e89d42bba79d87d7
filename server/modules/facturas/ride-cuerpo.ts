/**
 * The invoice's RIDE body: the buyer, the lines, the totals and the payments as the core's frame prints them
 * (comprobantes/ride.ts draws the issuer, the number, the access key and the additional information around it).
 */
import type { ComprobanteFactura, Detalle } from '../../../domain/facturas/comprobante';
import { A4, MARGEN, decimalCorto, filasTotales, nombreFormaPagoRide, plazoPago, type CuerpoRide, type TablaRide } from '../comprobantes';

/** Widths in points, as fractions of the page's width: 13-digit barcodes fit the auxiliary code on one line. */
const puntos = (ancho: number) => ancho / (A4.ancho - 2 * MARGEN);

/** The description takes what the other columns leave. */
const COLUMNAS: TablaRide['columnas'] = [
  { titulo: 'Cod. Principal', ancho: puntos(64) },
  { titulo: 'Cod. Auxiliar', ancho: puntos(68) },
  { titulo: 'Cantidad', ancho: puntos(50), alinear: 'right' },
  { titulo: 'Descripción', ancho: 1 - puntos(64 + 68 + 50 + 58 + 50 + 60) },
  { titulo: 'Precio Unitario', ancho: puntos(58), alinear: 'right' },
  { titulo: 'Descuento', ancho: puntos(50), alinear: 'right' },
  { titulo: 'Precio Total', ancho: puntos(60), alinear: 'right' },
];
const DESCRIPCION = 3;

const fila = (d: Detalle) => [
  d.codigoPrincipal ?? '',
  d.codigoAuxiliar ?? '',
  decimalCorto(d.cantidad),
  d.descripcion,
  decimalCorto(d.precioUnitario),
  d.descuento,
  d.precioTotalSinImpuesto,
];

/** The line's extra details (detallesAdicionales) print under its description, smaller, as Dátil does. */
const adicionales = (d: Detalle) => (d.detallesAdicionales ?? []).map((a) => `${a.nombre}: ${a.valor}`).join('\n');

export function cuerpoFactura(c: ComprobanteFactura): CuerpoRide {
  const f = c.infoFactura;
  return {
    emisor: {
      dirEstablecimiento: f.dirEstablecimiento,
      contribuyenteEspecial: f.contribuyenteEspecial,
      obligadoContabilidad: f.obligadoContabilidad,
    },
    receptor: [
      ['Razón Social / Nombres y Apellidos:', f.razonSocialComprador],
      ['Identificación:', f.identificacionComprador],
      ['Fecha de Emisión:', f.fechaEmision],
      ...(f.direccionComprador ? [['Dirección:', f.direccionComprador] as [string, string]] : []),
    ],
    tabla: {
      columnas: COLUMNAS,
      filas: c.detalles.map(fila),
      adicionales: { columna: DESCRIPCION, textos: c.detalles.map(adicionales) },
    },
    totales: filasTotales(f).map((t) => [t.etiqueta, t.valor]),
    pagos: f.pagos.map((p) => [nombreFormaPagoRide(p.formaPago), p.total, plazoPago(p)]),
  };
}
