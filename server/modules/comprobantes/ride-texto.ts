/**
 * The RIDE's text, measured and wrapped here and drawn line by line: pdfkit's `text()` lays out every text through its
 * LineWrapper (Unicode line breaking, events, the kerned width of each word measured again to draw it), and measuring a
 * cell before drawing it did all of that twice. Here a text is wrapped once, where pdfkit breaks it, with the standard
 * fonts' widths and kerning read once per process from pdfkit's metrics; each line is written with the operators
 * pdfkit's own text writer uses. It reads pdfkit's internals (a document's fonts, its page's font resources, a font's
 * parsed AFM): the RIDE tests read every text back with poppler, so a pdfkit that changes them fails there. */
import type { Doc } from './ride-pagina';

/** The metrics pdfkit reads from a standard font's AFM file (its AFMFont): widths and kerning in 1/1000 em. */
type Afm = {
  encodeText(texto: string): string[];
  characterToGlyph(codigo: number): string;
  widthOfGlyph(glyph: string): number;
  getKernPair(izquierda: string, derecha: string): number;
};

type Metricas = {
  ancho(codigo: number): number;
  kern(izquierda: number, derecha: number): number;
  /** The character's code in the font's WinAnsi encoding, in hex as a PDF string writes it. */
  hex(codigo: number): string;
};

const metricas = new Map<string, Metricas>();

/** A standard font's widths and kerning by character code, kept for the process (pdfkit parses the AFM per document). */
function metricasDe(doc: Doc, fuente: string): Metricas {
  const conocidas = metricas.get(fuente);
  if (conocidas) return conocidas;
  doc.font(fuente);
  const afm = (doc as unknown as { _font: { font: Afm } })._font.font;
  const anchos = new Map<number, number>();
  const pares = new Map<number, number>();
  const hexadecimales = new Map<number, string>();
  const nuevas: Metricas = {
    hex(codigo) {
      let h = hexadecimales.get(codigo);
      if (h === undefined) hexadecimales.set(codigo, (h = afm.encodeText(String.fromCharCode(codigo))[0]!.padStart(2, '0')));
      return h;
    },
    ancho(codigo) {
      let w = anchos.get(codigo);
      if (w === undefined) anchos.set(codigo, (w = afm.widthOfGlyph(afm.characterToGlyph(codigo))));
      return w;
    },
    kern(izquierda, derecha) {
      const clave = izquierda * 0x10000 + derecha;
      let k = pares.get(clave);
      if (k === undefined) pares.set(clave, (k = afm.getKernPair(afm.characterToGlyph(izquierda), afm.characterToGlyph(derecha))));
      return k;
    },
  };
  metricas.set(fuente, nuevas);
  return nuevas;
}

/** What pdfkit keeps of a standard font in a document: the parsed AFM, its resource name, the document it is embedded in. */
type FuentePdf = { font: Afm; id: string; ascender: number; document: Doc; dictionary?: unknown; embedded?: boolean; ref(): unknown };
type Fuentes = { _fontFamilies: Record<string, FuentePdf>; _fontCount: number; _font: FuentePdf | null };

const fuentesProceso = new Map<string, FuentePdf>();

/**
 * Gives a new document the standard fonts it will use, their AFM parsed once per process: pdfkit parses a font's AFM
 * (every width and kerning pair) in each document that uses it. Each document still gets font objects of its own,
 * embedded as its own resources; only the parsed metrics are shared, and nothing writes to them.
 */
export function prepararFuentes(doc: Doc, nombres: readonly string[]) {
  const d = doc as unknown as Fuentes;
  for (const nombre of nombres) {
    const conocida = fuentesProceso.get(nombre);
    if (!conocida) {
      doc.font(nombre);
      fuentesProceso.set(nombre, d._font!);
      continue;
    }
    const propia: FuentePdf = Object.assign(Object.create(Object.getPrototypeOf(conocida) as object) as FuentePdf, conocida, {
      document: doc,
      id: `F${++d._fontCount}`,
      dictionary: undefined,
      embedded: false,
    });
    d._fontFamilies[nombre] = propia;
  }
}

/** A run of text in one font and size; a paragraph is one or more (a bold label and its value). */
export type Tramo = { texto: string; fuente: string; tamano: number };

/** A piece of a line, ready to draw: its text, font, size and width in points. */
type Pieza = { texto: string; fuente: string; tamano: number; ancho: number };
/** A line's pieces and width, and the width of the spaces it ends with (not counted when it is right-aligned). */
export type Linea = { piezas: Pieza[]; ancho: number; espacios: number };

/** The width in points of `texto` as pdfkit draws it: each glyph's advance plus its kerning with the next. */
function anchoDe(m: Metricas, texto: string, tamano: number): number {
  let unidades = 0;
  for (let i = 0; i < texto.length; i++) {
    const c = texto.charCodeAt(i);
    unidades += m.ancho(c);
    if (i + 1 < texto.length) unidades += m.kern(c, texto.charCodeAt(i + 1));
  }
  return (unidades * tamano) / 1000;
}

/** Lines being filled, word by word; a class rather than closures, which would be made anew for every text. */
class Envoltura {
  readonly lineas: Linea[] = [];
  private actual: Linea = { piezas: [], ancho: 0, espacios: 0 };

  constructor(private readonly ancho: number) {}

  vacia() {
    return !this.actual.piezas.length;
  }

  /** Whether the word (with the spaces after it, as pdfkit counts them) fits after what the line has. */
  cabe(p: Pieza) {
    return this.actual.ancho + p.ancho <= this.ancho;
  }

  cerrar() {
    this.lineas.push(this.actual);
    this.actual = { piezas: [], ancho: 0, espacios: 0 };
  }

  /** Adds a word; one in the font of the one before it joins it: a line is as few fragments as it has fonts. */
  agregar(p: Pieza, espacios: number) {
    const ultima = this.actual.piezas.at(-1);
    if (ultima && ultima.fuente === p.fuente && ultima.tamano === p.tamano) {
      ultima.texto += p.texto;
      ultima.ancho += p.ancho;
    } else this.actual.piezas.push(p);
    this.actual.ancho += p.ancho;
    this.actual.espacios = espacios;
  }

  terminar(): Linea[] {
    if (!this.vacia()) this.lineas.push(this.actual);
    return this.lineas;
  }
}

/**
 * The words as pdfkit breaks a line between them (Unicode's rules, for the texts a RIDE prints): each with the spaces
 * after it; a hyphen ends a word unless a digit follows it ("N24-56" stays whole).
 */
const PALABRAS = / +|[^ ]*?(?:-(?=[^\d -])|[^ ](?= |$)) */g;

/**
 * The lines of a paragraph made of `tramos`, wrapped to `ancho` as pdfkit wraps them: a word goes on a line when it
 * fits with the spaces after it, a "\n" ends a line, and a word wider than the column is split between letters.
 */
export function envolver(doc: Doc, tramos: readonly Tramo[], ancho: number): Linea[] {
  const e = new Envoltura(ancho);
  for (const { texto, fuente, tamano } of tramos) {
    const m = metricasDe(doc, fuente);
    const parrafos = texto.split('\n');
    for (let n = 0; n < parrafos.length; n++) {
      if (n > 0) e.cerrar();
      for (const palabra of parrafos[n]!.match(PALABRAS) ?? []) {
        const pieza: Pieza = { texto: palabra, fuente, tamano, ancho: anchoDe(m, palabra, tamano) };
        const sinEspacios = palabra.trimEnd();
        const espacios = sinEspacios.length < palabra.length ? anchoDe(m, palabra.slice(sinEspacios.length), tamano) : 0;
        if (e.cabe(pieza)) e.agregar(pieza, espacios);
        else {
          if (!e.vacia()) e.cerrar();
          if (pieza.ancho <= ancho) e.agregar(pieza, espacios);
          else partir(e, m, pieza, ancho);
        }
      }
    }
  }
  return e.terminar();
}

/** A word wider than the column, as many letters a line as fit (at least one). */
function partir(e: Envoltura, m: Metricas, { texto, fuente, tamano }: Pieza, ancho: number) {
  let resto = texto;
  while (resto) {
    let corte = 1;
    while (corte < resto.length && anchoDe(m, resto.slice(0, corte + 1), tamano) <= ancho) corte++;
    const parte = resto.slice(0, corte);
    e.agregar({ texto: parte, fuente, tamano, ancho: anchoDe(m, parte, tamano) }, 0);
    resto = resto.slice(corte);
    if (resto) e.cerrar();
  }
}

/** The height of a line in `tamano` points of a standard font, as pdfkit advances between its lines. */
export function altoLinea(doc: Doc, fuente: string, tamano: number): number {
  return doc.font(fuente).fontSize(tamano).currentLineHeight(true);
}

/** PDF numbers as pdfkit writes them: at most six decimals. */
const numero = (v: number) => Math.round(v * 1e6) / 1e6;

type Pagina = { page: { height: number; fonts: Record<string, unknown> } };

/**
 * A line's piece as pdfkit's own text writer puts it on the page (the same operators: its font, its top-left corner,
 * the glyphs in hex with their kerning), written in one go from the metrics already read.
 */
function fragmento(doc: Doc, p: Pieza, x: number, y: number) {
  const fuente = (doc as unknown as Fuentes)._fontFamilies[p.fuente]!;
  const { page } = doc as unknown as Pagina;
  page.fonts[fuente.id] ??= fuente.ref();
  const m = metricas.get(p.fuente)!;
  const { texto } = p;
  let tj = '';
  let hex = '';
  for (let i = 0; i < texto.length; i++) {
    const c = texto.charCodeAt(i);
    hex += m.hex(c);
    const k = i + 1 < texto.length ? m.kern(c, texto.charCodeAt(i + 1)) : 0;
    if (k || i + 1 === texto.length) {
      tj += `${tj ? ' ' : ''}<${hex}> ${numero(-k)}`;
      hex = '';
    }
  }
  const base = page.height - y - (fuente.ascender / 1000) * p.tamano;
  doc.addContent(
    `q\n1 0 0 -1 0 ${numero(page.height)} cm\nBT\n1 0 0 1 ${numero(x)} ${numero(base)} Tm\n/${fuente.id} ${numero(p.tamano)} Tf\n[${tj}] TJ\nET\nQ`,
  );
}

/** Draws the lines from (x, y), each aligned in `ancho`, `alto` apart, in `color`. */
export function dibujarLineas(
  doc: Doc,
  lineas: readonly Linea[],
  x: number,
  y: number,
  ancho: number,
  alto: number,
  color: string,
  alinear: 'left' | 'right' | 'center',
) {
  doc.fillColor(color);
  lineas.forEach((linea, n) => {
    let cx = alinear === 'right' ? x + ancho - linea.ancho + linea.espacios : alinear === 'center' ? x + (ancho - linea.ancho) / 2 : x;
    for (const p of linea.piezas) {
      if (p.texto.trim()) fragmento(doc, p, cx, y + n * alto);
      cx += p.ancho;
    }
  });
}
