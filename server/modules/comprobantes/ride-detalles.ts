import type { Detalle } from '../../../domain/facturas/comprobante';
import { decimalCorto } from './ride-formato';
import { ANCHO, BORDE, LIMITE, MARGEN, alto, escribir, fondo, type Doc, type Lienzo } from './ride-pagina';

type Columna = { titulo: string; ancho: number; derecha?: boolean; valor: (d: Detalle) => string };

/** The description takes what the other columns leave: 13-digit barcodes fit the auxiliary code on one line. */
const ANCHOS = { principal: 64, auxiliar: 68, cantidad: 50, unitario: 58, descuento: 50, total: 60 };
const ANCHO_DESCRIPCION = ANCHO - Object.values(ANCHOS).reduce((a, b) => a + b, 0);
const COLUMNAS: Columna[] = [
  { titulo: 'Cod. Principal', ancho: ANCHOS.principal, valor: (d) => d.codigoPrincipal ?? '' },
  { titulo: 'Cod. Auxiliar', ancho: ANCHOS.auxiliar, valor: (d) => d.codigoAuxiliar ?? '' },
  { titulo: 'Cantidad', ancho: ANCHOS.cantidad, derecha: true, valor: (d) => decimalCorto(d.cantidad) },
  { titulo: 'Descripción', ancho: ANCHO_DESCRIPCION, valor: (d) => d.descripcion },
  { titulo: 'Precio Unitario', ancho: ANCHOS.unitario, derecha: true, valor: (d) => decimalCorto(d.precioUnitario) },
  { titulo: 'Descuento', ancho: ANCHOS.descuento, derecha: true, valor: (d) => d.descuento },
  { titulo: 'Precio Total', ancho: ANCHOS.total, derecha: true, valor: (d) => d.precioTotalSinImpuesto },
];
const DESCRIPCION = 3;
const TAMANO = 7.5;
const TAMANO_ADICIONAL = 6.5;
const RELLENO_X = 3;
const RELLENO_Y = 3;
const ALTO_CABECERA = 20;

/** The line's extra details (detallesAdicionales) print under its description, smaller, as Dátil does. */
const adicionales = (d: Detalle) => (d.detallesAdicionales ?? []).map((a) => `${a.nombre}: ${a.valor}`).join('\n');

function altoFila(doc: Doc, d: Detalle): number {
  let h = 0;
  COLUMNAS.forEach((c, i) => {
    let hc = alto(doc, c.valor(d), c.ancho - 2 * RELLENO_X, { tamano: TAMANO });
    const extra = i === DESCRIPCION ? adicionales(d) : '';
    if (extra) hc += 1 + alto(doc, extra, c.ancho - 2 * RELLENO_X, { tamano: TAMANO_ADICIONAL });
    h = Math.max(h, hc);
  });
  return h + 2 * RELLENO_Y;
}

function separadores(doc: Doc, y: number, altura: number) {
  doc.lineWidth(0.5).strokeColor(BORDE);
  doc.rect(MARGEN, y, ANCHO, altura).stroke();
  let x = MARGEN;
  for (const c of COLUMNAS.slice(0, -1)) {
    x += c.ancho;
    doc
      .moveTo(x, y)
      .lineTo(x, y + altura)
      .stroke();
  }
}

/** The table's header row, repeated at the top of every page the lines reach. */
function cabecera(l: Lienzo) {
  const { doc } = l;
  fondo(doc, MARGEN, l.y, ANCHO, ALTO_CABECERA);
  let x = MARGEN;
  for (const c of COLUMNAS) {
    const w = c.ancho - 2 * RELLENO_X;
    const h = alto(doc, c.titulo, w, { negrita: true, tamano: TAMANO });
    escribir(doc, c.titulo, x + RELLENO_X, l.y + (ALTO_CABECERA - h) / 2 + 0.5, w, { negrita: true, tamano: TAMANO, alinear: 'center' });
    x += c.ancho;
  }
  separadores(doc, l.y, ALTO_CABECERA);
  l.y += ALTO_CABECERA;
}

function fila(l: Lienzo, d: Detalle, altura: number) {
  const { doc } = l;
  let x = MARGEN;
  COLUMNAS.forEach((c, i) => {
    const w = c.ancho - 2 * RELLENO_X;
    const y = l.y + RELLENO_Y;
    const h = escribir(doc, c.valor(d), x + RELLENO_X, y, w, { tamano: TAMANO, alinear: c.derecha ? 'right' : 'left' });
    const extra = i === DESCRIPCION ? adicionales(d) : '';
    if (extra) escribir(doc, extra, x + RELLENO_X, y + h + 1, w, { tamano: TAMANO_ADICIONAL, color: '#444444' });
    x += c.ancho;
  });
  separadores(doc, l.y, altura);
  l.y += altura;
}

/** The lines, wrapped; a line that does not fit starts a new page, which repeats the header row. */
export function dibujarDetalles(l: Lienzo, detalles: Detalle[]) {
  if (l.y + ALTO_CABECERA + 20 > LIMITE) l.nuevaPagina();
  cabecera(l);
  for (const d of detalles) {
    const altura = altoFila(l.doc, d);
    if (l.y + altura > LIMITE) {
      l.nuevaPagina();
      cabecera(l);
    }
    fila(l, d, altura);
  }
}
