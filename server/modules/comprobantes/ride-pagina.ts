import { altoLinea, dibujarLineas, envolver, type Tramo } from './ride-texto';

/** The page the RIDE is drawn on (A4 portrait, in points) and the small drawing helpers its blocks share. */

export const A4 = { ancho: 595.28, alto: 841.89 };
export const MARGEN = 28;
export const ANCHO = A4.ancho - 2 * MARGEN;
/** Where content stops: the page number and the document's number are written below it. */
export const LIMITE = A4.alto - MARGEN - 10;
/** Where content starts on the pages after the first, under the continuation heading. */
export const INICIO_CONTINUACION = MARGEN + 30;

/** pdfkit's standard Helvetica, WinAnsi-encoded, has every Spanish letter (á é í ó ú ü ñ Ñ ¿ ¡): no font file to ship. */
export const FUENTE = 'Helvetica';
export const NEGRITA = 'Helvetica-Bold';
export const BORDE = '#4a4a4a';
export const FONDO_CABECERA = '#e8eef3';
export const TEXTO = '#000000';

export type Doc = PDFKit.PDFDocument;

/** The document and the height reached on the current page; nuevaPagina starts a page with its continuation heading. */
export type Lienzo = { doc: Doc; y: number; nuevaPagina: () => void };

type Estilo = { negrita?: boolean; tamano?: number; color?: string; alinear?: 'left' | 'right' | 'center' };

const tramo = (texto: string, e: Estilo): Tramo => ({ texto, fuente: e.negrita ? NEGRITA : FUENTE, tamano: e.tamano ?? 8 });

/** The height a wrapped text takes in a column of `ancho`, without drawing it. */
export function alto(doc: Doc, texto: string, ancho: number, e: Estilo = {}): number {
  const t = tramo(texto, e);
  return envolver(doc, [t], ancho).length * altoLinea(doc, t.fuente, t.tamano);
}

/** Draws a text wrapped to `ancho` and returns the height it took (what `alto` says). */
export function escribir(doc: Doc, texto: string, x: number, y: number, ancho: number, e: Estilo = {}): number {
  const t = tramo(texto, e);
  const lineas = envolver(doc, [t], ancho);
  const h = altoLinea(doc, t.fuente, t.tamano);
  dibujarLineas(doc, lineas, x, y, ancho, h, e.color ?? TEXTO, e.alinear ?? 'left');
  return lineas.length * h;
}

/**
 * "Etiqueta: valor" with the label in bold, wrapped as one paragraph, as RIDEs print the issuer's and the buyer's
 * data. Returns the height it took.
 */
export function etiquetaValor(doc: Doc, etiqueta: string, valor: string, x: number, y: number, ancho: number, tamano = 8): number {
  const lineas = envolver(doc, [tramo(`${etiqueta} `, { negrita: true, tamano }), tramo(valor || ' ', { tamano })], ancho);
  const h = altoLinea(doc, FUENTE, tamano);
  dibujarLineas(doc, lineas, x, y, ancho, h, TEXTO, 'left');
  return lineas.length * h;
}

export function caja(doc: Doc, x: number, y: number, ancho: number, altura: number, radio = 0) {
  doc.lineWidth(0.6).strokeColor(BORDE);
  if (radio) doc.roundedRect(x, y, ancho, altura, radio).stroke();
  else doc.rect(x, y, ancho, altura).stroke();
}

export function fondo(doc: Doc, x: number, y: number, ancho: number, altura: number) {
  doc.rect(x, y, ancho, altura).fill(FONDO_CABECERA);
  doc.fillColor(TEXTO);
}

/** "Página 1 de 3" and the document's title and number at the foot of every page, once the page count is known. */
export function numerarPaginas(doc: Doc, titulo: string, numero: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = A4.alto - MARGEN + 2;
    escribir(doc, `${titulo} No. ${numero}`, MARGEN, y, ANCHO / 2, { tamano: 7, color: '#555555' });
    escribir(doc, `Página ${i - start + 1} de ${count}`, MARGEN + ANCHO / 2, y, ANCHO / 2, {
      tamano: 7,
      color: '#555555',
      alinear: 'right',
    });
  }
}
