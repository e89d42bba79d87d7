import { ANCHO, BORDE, LIMITE, MARGEN, alto, caja, escribir, etiquetaValor, fondo, type Doc, type Lienzo } from './ride-pagina';
import type { SeccionRide, TablaRide } from './tipo';

type Columna = { titulo: string; ancho: number; alinear: 'left' | 'right' | 'center' };

const TAMANO = 7.5;
const TAMANO_ADICIONAL = 6.5;
const RELLENO_X = 3;
const RELLENO_Y = 3;
const ALTO_CABECERA = 20;

/** The columns in points: each its fraction of the page, the last what the others leave (no rounding drift). */
function columnas(tabla: TablaRide): Columna[] {
  let usado = 0;
  return tabla.columnas.map((c, i) => {
    const ancho = i === tabla.columnas.length - 1 ? ANCHO - usado : c.ancho * ANCHO;
    usado += ancho;
    return { titulo: c.titulo, ancho, alinear: c.alinear ?? 'left' };
  });
}

/** A row's cells, and the small text under one of them (a line's detallesAdicionales). */
type Fila = { celdas: string[]; adicional?: { columna: number; texto: string } };

function filas(tabla: TablaRide): Fila[] {
  const { adicionales } = tabla;
  return tabla.filas.map((celdas, i) => {
    const texto = adicionales?.textos[i];
    return { celdas, adicional: texto ? { columna: adicionales.columna, texto } : undefined };
  });
}

function altoFila(doc: Doc, cols: Columna[], f: Fila): number {
  let h = 0;
  cols.forEach((c, i) => {
    let hc = alto(doc, f.celdas[i] ?? '', c.ancho - 2 * RELLENO_X, { tamano: TAMANO });
    if (f.adicional?.columna === i) hc += 1 + alto(doc, f.adicional.texto, c.ancho - 2 * RELLENO_X, { tamano: TAMANO_ADICIONAL });
    h = Math.max(h, hc);
  });
  return h + 2 * RELLENO_Y;
}

function separadores(doc: Doc, cols: Columna[], y: number, altura: number) {
  doc.lineWidth(0.5).strokeColor(BORDE);
  doc.rect(MARGEN, y, ANCHO, altura).stroke();
  let x = MARGEN;
  for (const c of cols.slice(0, -1)) {
    x += c.ancho;
    doc
      .moveTo(x, y)
      .lineTo(x, y + altura)
      .stroke();
  }
}

/** The table's header row, repeated at the top of every page the lines reach. */
function cabecera(l: Lienzo, cols: Columna[]) {
  const { doc } = l;
  fondo(doc, MARGEN, l.y, ANCHO, ALTO_CABECERA);
  let x = MARGEN;
  for (const c of cols) {
    const w = c.ancho - 2 * RELLENO_X;
    const h = alto(doc, c.titulo, w, { negrita: true, tamano: TAMANO });
    escribir(doc, c.titulo, x + RELLENO_X, l.y + (ALTO_CABECERA - h) / 2 + 0.5, w, { negrita: true, tamano: TAMANO, alinear: 'center' });
    x += c.ancho;
  }
  separadores(doc, cols, l.y, ALTO_CABECERA);
  l.y += ALTO_CABECERA;
}

function fila(l: Lienzo, cols: Columna[], f: Fila, altura: number) {
  const { doc } = l;
  let x = MARGEN;
  cols.forEach((c, i) => {
    const w = c.ancho - 2 * RELLENO_X;
    const y = l.y + RELLENO_Y;
    const h = escribir(doc, f.celdas[i] ?? '', x + RELLENO_X, y, w, { tamano: TAMANO, alinear: c.alinear });
    if (f.adicional?.columna === i)
      escribir(doc, f.adicional.texto, x + RELLENO_X, y + h + 1, w, { tamano: TAMANO_ADICIONAL, color: '#444444' });
    x += c.ancho;
  });
  separadores(doc, cols, l.y, altura);
  l.y += altura;
}

/** The body's table, wrapped; a row that does not fit starts a new page, which repeats the header row. */
export function dibujarDetalles(l: Lienzo, tabla: TablaRide) {
  const cols = columnas(tabla);
  if (l.y + ALTO_CABECERA + 20 > LIMITE) l.nuevaPagina();
  cabecera(l, cols);
  for (const f of filas(tabla)) {
    const altura = altoFila(l.doc, cols, f);
    if (l.y + altura > LIMITE) {
      l.nuevaPagina();
      cabecera(l, cols);
    }
    fila(l, cols, f, altura);
  }
}

const SEPARACION_SECCION = 8;
const RELLENO_PARES = 6;
const ANCHO_PAR = (ANCHO - 3 * RELLENO_PARES) / 2;

/** The pairs two to a row; each row as tall as its taller pair (measured in bold: never shorter than drawn). */
function filasDePares(doc: Doc, pares: Array<[string, string]>) {
  const filas: Array<{ pares: Array<[string, string]>; altura: number }> = [];
  for (let i = 0; i < pares.length; i += 2) {
    const fila = pares.slice(i, i + 2);
    const altura = Math.max(...fila.map(([e, v]) => alto(doc, `${e} ${v || ' '}`, ANCHO_PAR, { negrita: true })));
    filas.push({ pares: fila, altura: altura + 3 });
  }
  return filas;
}

/**
 * The sections after the body's table (a guía's destinatarios): each a box of label and value pairs, two to a row,
 * and its own table under it. A box starts a page when it does not fit with its table's header and a first row.
 */
export function dibujarSecciones(l: Lienzo, secciones: readonly SeccionRide[]) {
  for (const seccion of secciones) {
    const filas = filasDePares(l.doc, seccion.pares);
    const altura = filas.reduce((suma, f) => suma + f.altura, 0) + 2 * RELLENO_PARES;
    if (l.y + SEPARACION_SECCION + altura + ALTO_CABECERA + 20 > LIMITE) l.nuevaPagina();
    else l.y += SEPARACION_SECCION;
    const inicio = l.y;
    let y = inicio + RELLENO_PARES;
    for (const f of filas) {
      f.pares.forEach(([etiqueta, valor], i) =>
        etiquetaValor(l.doc, etiqueta, valor, MARGEN + RELLENO_PARES + i * (ANCHO_PAR + RELLENO_PARES), y, ANCHO_PAR),
      );
      y += f.altura;
    }
    caja(l.doc, MARGEN, inicio, ANCHO, altura);
    l.y = inicio + altura;
    dibujarDetalles(l, seccion.tabla);
  }
}
