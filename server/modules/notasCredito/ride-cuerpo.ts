/**
 * The credit note's RIDE body, as the SRI's sample prints it: the buyer, the invoice it modifies and why, the returned
 * lines as an invoice's, and the totals down to VALOR TOTAL (valorModificacion). The core's frame (comprobantes/ride.ts)
 * draws the issuer, the number, the access key and the additional information around it.
 */
import { TIPOS_DOCUMENTO } from '../../../domain/facturas/catalogos';
import { dividirRedondeando, formatear, leerDecimal } from '../../../domain/comprobantes/decimal';
import type { ComprobanteNotaCredito, DetalleNotaCredito } from '../../../domain/notasCredito/comprobante';
import { A4, MARGEN, decimalCorto, impuestosRide, type CuerpoRide, type TablaRide } from '../comprobantes';

/** Widths in points, as fractions of the page's width: the invoice's columns, so both documents read alike. */
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

const fila = (d: DetalleNotaCredito) => [
  d.codigoInterno ?? '',
  d.codigoAdicional ?? '',
  decimalCorto(d.cantidad),
  d.descripcion,
  decimalCorto(d.precioUnitario),
  d.descuento,
  d.precioTotalSinImpuesto,
];

const adicionales = (d: DetalleNotaCredito) => (d.detallesAdicionales ?? []).map((a) => `${a.nombre}: ${a.valor}`).join('\n');

/** The lines' discounts added up exactly (the schema's infoNotaCredito has no totalDescuento of its own). */
function totalDescuento(detalles: readonly DetalleNotaCredito[]): string {
  const centavos = detalles.reduce((s, d) => {
    const l = leerDecimal(d.descuento);
    return l.ok ? s + dividirRedondeando(l.valor * 100n, 10n ** BigInt(l.decimales)) : s;
  }, 0n);
  return formatear(centavos, 2);
}

/** "FACTURA 001-001-000000123": the modified document named by its codDoc. */
const documentoModificado = (codDoc: string, numero: string) =>
  `${(TIPOS_DOCUMENTO[codDoc as keyof typeof TIPOS_DOCUMENTO] ?? 'Comprobante').toLocaleUpperCase('es')} ${numero}`;

export function cuerpoNotaCredito(c: ComprobanteNotaCredito): CuerpoRide {
  const n = c.infoNotaCredito;
  const { subtotales, ivas, ice, irbpnr } = impuestosRide(n.totalConImpuestos);
  return {
    emisor: {
      dirEstablecimiento: n.dirEstablecimiento,
      contribuyenteEspecial: n.contribuyenteEspecial,
      obligadoContabilidad: n.obligadoContabilidad,
    },
    receptor: [
      ['Razón Social / Nombres y Apellidos:', n.razonSocialComprador],
      ['Identificación:', n.identificacionComprador],
      ['Fecha Emisión:', n.fechaEmision],
    ],
    modificado: [
      ['Comprobante que se modifica:', documentoModificado(n.codDocModificado, n.numDocModificado)],
      ['Fecha Emisión (Comprobante a modificar):', n.fechaEmisionDocSustento],
      ['Razón de Modificación:', n.motivo],
    ],
    tabla: {
      columnas: COLUMNAS,
      filas: c.detalles.map(fila),
      adicionales: { columna: DESCRIPCION, textos: c.detalles.map(adicionales) },
    },
    totales: [
      ...subtotales.map((t): [string, string] => [t.etiqueta, t.valor]),
      ['SUBTOTAL SIN IMPUESTOS', n.totalSinImpuestos],
      ['TOTAL DESCUENTO', totalDescuento(c.detalles)],
      ['ICE', ice],
      ...(irbpnr === undefined ? [] : [['IRBPNR', irbpnr] as [string, string]]),
      ...ivas.map((t): [string, string] => [t.etiqueta, t.valor]),
      ['VALOR TOTAL', n.valorModificacion],
    ],
  };
}
