/**
 * What the RIDE bodies of the types share: the width of a column in points, the lines' table as the invoice prints it
 * (a credit note's returned lines read alike), the issuer's fields of a type's info block, and the document a note
 * modifies named by its codDoc.
 */
import { TIPOS_DOCUMENTO } from '../../../domain/facturas/catalogos';
import { A4, MARGEN } from './ride-pagina';
import { decimalCorto } from './ride-formato';
import type { CuerpoRide, TablaRide } from './tipo';

/** Widths in points, as fractions of the page's width: 13-digit barcodes fit the auxiliary code on one line. */
export const puntos = (ancho: number) => ancho / (A4.ancho - 2 * MARGEN);

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

type LineaRide = {
  cantidad: string;
  descripcion: string;
  precioUnitario: string;
  descuento: string;
  precioTotalSinImpuesto: string;
  detallesAdicionales?: Array<{ nombre: string; valor: string }>;
};

/**
 * The lines' table: their two codes (as the type's schema names them), quantity, description, price, discount and
 * total; a line's extra details (detallesAdicionales) print under its description, smaller, as Dátil does.
 */
export function tablaLineas<D extends LineaRide>(detalles: readonly D[], codigos: (d: D) => [string, string]): TablaRide {
  return {
    columnas: COLUMNAS,
    filas: detalles.map((d) => [
      ...codigos(d),
      decimalCorto(d.cantidad),
      d.descripcion,
      decimalCorto(d.precioUnitario),
      d.descuento,
      d.precioTotalSinImpuesto,
    ]),
    adicionales: {
      columna: DESCRIPCION,
      textos: detalles.map((d) => (d.detallesAdicionales ?? []).map((a) => `${a.nombre}: ${a.valor}`).join('\n')),
    },
  };
}

/** The issuer's fields a type's info block carries (infoFactura, infoNotaCredito, infoNotaDebito). */
export const emisorRide = (info: NonNullable<CuerpoRide['emisor']>): CuerpoRide['emisor'] => ({
  dirEstablecimiento: info.dirEstablecimiento,
  contribuyenteEspecial: info.contribuyenteEspecial,
  obligadoContabilidad: info.obligadoContabilidad,
});

/** "FACTURA 001-001-000000123": the modified document named by its codDoc. */
export const documentoModificado = (codDoc: string, numero: string) =>
  `${(TIPOS_DOCUMENTO[codDoc as keyof typeof TIPOS_DOCUMENTO] ?? 'Comprobante').toLocaleUpperCase('es')} ${numero}`;
