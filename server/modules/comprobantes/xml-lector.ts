/**
 * A small XML reader for the documents the app issues and the SRI's SOAP answers: elements by their local name (the
 * prefix dropped), their attributes and their text. Both are data-only XML (no DTD, no mixed content that matters),
 * and reading them here costs a fraction of a DOM: the pipeline reads an authorization answer and a signed document
 * for each document it takes to the buyer. Malformed XML (a tag left open, or closed by another name) throws, as a
 * parser would.
 */

export type ElementoXml = {
  /** The local name: `Signature` for `<ds:Signature>`. */
  nombre: string;
  /** The start tag's attributes as written, read by `atributo`. */
  atributos: string;
  hijos: ElementoXml[];
  /** Its own text (CDATA included), not its children's. */
  texto: string;
};

// A start or end tag (attribute values may hold ">"), a CDATA section, a comment, a declaration or DOCTYPE.
const MARCA =
  /<(\/?)([^\s/>!?]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>/g;
const REFERENCIA = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const PREDEFINIDAS: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Character and predefined entity references resolved (anything else after an "&" is left as written). */
function resolver(texto: string): string {
  if (!texto.includes('&')) return texto;
  return texto.replace(REFERENCIA, (_, decimal?: string, hexadecimal?: string, nombre?: string) =>
    nombre ? PREDEFINIDAS[nombre]! : String.fromCodePoint(decimal ? Number(decimal) : parseInt(hexadecimal!, 16)),
  );
}

const local = (nombre: string) => nombre.slice(nombre.indexOf(':') + 1);

/**
 * The document's root element. `recortar`: each run of text between tags trimmed (whitespace-only runs dropped), CDATA
 * kept as it is — how the SRI's indented answers are read; without it, text is kept exactly, as in a signed document.
 */
export function leerXml(xml: string, { recortar = false } = {}): ElementoXml {
  // Line ends are normalized before anything is read (XML 1.0 §2.11): a "&#13;" written as a reference stays.
  const fuente = xml.includes('\r') ? xml.replace(/\r\n?/g, '\n') : xml;
  const pila: ElementoXml[] = [];
  /** The open elements' names as written, prefix included: each end tag must name the last one. */
  const abiertos: string[] = [];
  let raiz: ElementoXml | undefined;
  let desde = 0;
  const agregarTexto = (crudo: string) => {
    const actual = pila.at(-1);
    // A "<" no tag could be read from: a tag broken off, or a quote never closed.
    if (crudo.includes('<')) throw new Error('XML mal formado: una etiqueta sin cerrar');
    const texto = recortar ? crudo.trim() : crudo;
    if (actual && texto) actual.texto += resolver(texto);
  };
  MARCA.lastIndex = 0;
  for (let m = MARCA.exec(fuente); m; m = MARCA.exec(fuente)) {
    if (m.index > desde) agregarTexto(fuente.slice(desde, m.index));
    desde = MARCA.lastIndex;
    const [, cierre, nombre, atributos, vacio, cdata] = m;
    if (cdata !== undefined) {
      const actual = pila.at(-1);
      if (actual) actual.texto += cdata;
    } else if (nombre === undefined) {
      continue;
    } else if (cierre) {
      pila.pop();
      if (abiertos.pop() !== nombre) throw new Error(`XML mal formado: </${nombre}> no cierra lo abierto`);
    } else {
      const elemento: ElementoXml = { nombre: local(nombre), atributos: atributos!, hijos: [], texto: '' };
      const padre = pila.at(-1);
      if (padre) padre.hijos.push(elemento);
      else if (raiz) throw new Error('XML mal formado: más de un elemento raíz');
      else raiz = elemento;
      if (!vacio) {
        pila.push(elemento);
        abiertos.push(nombre);
      }
    }
  }
  if (!raiz || pila.length) throw new Error('XML mal formado: el documento está incompleto');
  return raiz;
}

/** An attribute's value by its local name, references resolved and literal tabs and line feeds as spaces (§3.3.3). */
export function atributo(elemento: ElementoXml, nombre: string): string | undefined {
  const patron = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let m = patron.exec(elemento.atributos); m; m = patron.exec(elemento.atributos))
    if (local(m[1]!) === nombre) return resolver((m[2] ?? m[3]!).replace(/[\t\n]/g, ' '));
  return undefined;
}

/** The first child named `nombre`. */
export const hijo = (elemento: ElementoXml | undefined, nombre: string) => elemento?.hijos.find((h) => h.nombre === nombre);
