/**
 * The comprobante de retención's RIDE body, as the SRI's sample prints it: the sujeto retenido, the fiscal period,
 * one row per withholding (the support document, its fiscal year, the base, the tax, the code, the percentage and the
 * value withheld) and the totals down to TOTAL RETENIDO. The core's frame (comprobantes/ride.ts) draws the issuer,
 * the number, the access key and the additional information around it.
 */
import { escalar, formatear, leerDecimal } from '../../../domain/comprobantes/decimal';
import { IMPUESTO_RETENCION, nombreDocumentoSustento, nombreImpuestoRetencion } from '../../../domain/retenciones/catalogos';
import type { ComprobanteRetencion } from '../../../domain/retenciones/comprobante';
import { emisorRide, puntos, type CuerpoRide, type TablaRide } from '../comprobantes';

const COLUMNAS: TablaRide['columnas'] = [
  { titulo: 'Comprobante', ancho: puntos(104) },
  { titulo: 'Número', ancho: puntos(86), alinear: 'center' },
  { titulo: 'Fecha emisión', ancho: puntos(52), alinear: 'center' },
  { titulo: 'Ejercicio fiscal', ancho: puntos(46), alinear: 'center' },
  { titulo: 'Base imponible', ancho: puntos(58), alinear: 'right' },
  { titulo: 'Impuesto', ancho: puntos(42), alinear: 'center' },
  { titulo: 'Código', ancho: puntos(36), alinear: 'center' },
  { titulo: 'Porcentaje', ancho: puntos(46), alinear: 'right' },
  { titulo: 'Valor retenido', ancho: 1 - puntos(104 + 86 + 52 + 46 + 58 + 42 + 36 + 46), alinear: 'right' },
];

/** 001001000000123 → 001-001-000000123. */
const conGuiones = (numero: string) =>
  /^\d{15}$/.test(numero) ? `${numero.slice(0, 3)}-${numero.slice(3, 6)}-${numero.slice(6)}` : numero;
const centavos = (valor: string) => {
  const l = leerDecimal(valor);
  return l.ok && l.decimales <= 2 ? escalar(l, 2) : 0n;
};

/** What the retención withholds in all, as its XML's values add up. */
export const totalRetenido = (c: ComprobanteRetencion) =>
  formatear(
    c.docsSustento.flatMap((d) => d.retenciones).reduce((s, r) => s + centavos(r.valorRetenido), 0n),
    2,
  );

export function cuerpoRetencion(c: ComprobanteRetencion): CuerpoRide {
  const info = c.infoCompRetencion;
  const filas: string[][] = [];
  const sumas = new Map<string, bigint>();
  for (const d of c.docsSustento) {
    for (const r of d.retenciones) {
      filas.push([
        (nombreDocumentoSustento(d.codDocSustento) ?? d.codDocSustento).toLocaleUpperCase('es'),
        conGuiones(d.numDocSustento),
        d.fechaEmisionDocSustento,
        info.periodoFiscal,
        r.baseImponible,
        (nombreImpuestoRetencion(r.codigo) ?? r.codigo).toLocaleUpperCase('es'),
        r.codigoRetencion,
        `${r.porcentajeRetener} %`,
        r.valorRetenido,
      ]);
      sumas.set(r.codigo, (sumas.get(r.codigo) ?? 0n) + centavos(r.valorRetenido));
    }
  }
  const total = [...sumas.values()].reduce((s, v) => s + v, 0n);
  const parciales: Array<[string, string]> = [
    ['RENTA RETENIDA', IMPUESTO_RETENCION.renta],
    ['IVA RETENIDO', IMPUESTO_RETENCION.iva],
    ['ISD RETENIDO', IMPUESTO_RETENCION.isd],
  ].flatMap(([etiqueta, codigo]): Array<[string, string]> => (sumas.has(codigo!) ? [[etiqueta!, formatear(sumas.get(codigo!)!, 2)]] : []));
  return {
    emisor: emisorRide(info),
    receptor: [
      ['Razón Social / Nombres y Apellidos:', info.razonSocialSujetoRetenido],
      ['Identificación:', info.identificacionSujetoRetenido],
      ['Fecha Emisión:', info.fechaEmision],
      ['Período fiscal:', info.periodoFiscal],
    ],
    tabla: { columnas: COLUMNAS, filas },
    totales: [...parciales, ['TOTAL RETENIDO', formatear(total, 2)]],
  };
}
