/**
 * Canonical XML 1.0 without comments (http://www.w3.org/TR/2001/REC-xml-c14n-20010315) of a document's root element,
 * what the signature's `#comprobante` reference digests. The SRI's documents are plain element trees without a DTD
 * and without namespaces below the root, so a tokenizer is enough and costs a fraction of a DOM; anything outside
 * that shape (a DOCTYPE, an undeclared entity, a namespace declared below the root) is refused rather than guessed.
 */

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

// One token at a time from `lastIndex`: comment, CDATA, processing instruction, end tag, start tag, or text.
const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<\?([^\s?]+)\s*([\s\S]*?)\?>|<\/([^\s>]+)\s*>|<([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/y;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const PROLOG_SKIP = /(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*/y;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export class XmlNoCanonizable extends Error {}

/** Resolves character and predefined entity references; any other entity would need the DTD we refuse. */
function decode(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][\w.-]*);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new XmlNoCanonizable('Ampersand suelto en el XML');
    if (ref[0] !== '#') {
      const value = PREDEFINED[ref];
      if (value === undefined) throw new XmlNoCanonizable(`Entidad desconocida ${whole}`);
      return value;
    }
    return String.fromCodePoint(ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
  });
}

/** A parser turns literal CR LF and lone CR into LF before anything else (XML 1.0 §2.11). */
const normalizeLines = (raw: string) => (raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw);

export function canonicalText(value: string): string {
  return /[&<>\r]/.test(value) ? value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;') : value;
}

export function canonicalAttribute(value: string): string {
  return /[&<"\t\n\r]/.test(value)
    ? value
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/"/g, '&quot;')
        .replace(/\t/g, '&#x9;')
        .replace(/\n/g, '&#xA;')
        .replace(/\r/g, '&#xD;')
    : value;
}

type Attribute = { name: string; value: string };

function parseAttributes(raw: string): Attribute[] {
  const attributes: Attribute[] = [];
  for (const match of raw.matchAll(ATTRIBUTE)) {
    // Attribute-value normalization (XML 1.0 §3.3.3): literal white space becomes a space, references survive.
    const literal = normalizeLines(match[2] ?? match[3]).replace(/[\t\n]/g, ' ');
    attributes.push({ name: match[1], value: decode(literal) });
  }
  return attributes;
}

/**
 * The start tag in canonical form: namespace declarations first (the default one, then by prefix), then attributes
 * by namespace URI and local name, each value escaped as C14N says. Only the root may declare namespaces.
 */
function canonicalStartTag(name: string, attributes: Attribute[], isRoot: boolean, prefixes: Map<string, string>): string {
  const declarations = attributes.filter((a) => a.name === 'xmlns' || a.name.startsWith('xmlns:'));
  if (declarations.length > 0 && !isRoot) throw new XmlNoCanonizable(`Declaración de espacio de nombres bajo la raíz en <${name}>`);
  if (isRoot) for (const d of declarations) prefixes.set(d.name === 'xmlns' ? '' : d.name.slice(6), d.value);
  const namespaces = declarations
    // xmlns="" on the root declares nothing: C14N omits it.
    .filter((d) => !(d.name === 'xmlns' && d.value === ''))
    .map((d) => ({ key: d.name === 'xmlns' ? '' : d.name.slice(6), text: ` ${d.name}="${canonicalAttribute(d.value)}"` }))
    .sort((a, b) => compare(a.key, b.key));
  const plain = attributes
    .filter((a) => !declarations.includes(a))
    .map((a) => {
      const colon = a.name.indexOf(':');
      const prefix = colon < 0 ? '' : a.name.slice(0, colon);
      const uri = colon < 0 ? '' : prefix === 'xml' ? XML_NS : prefixes.get(prefix);
      if (uri === undefined) throw new XmlNoCanonizable(`Prefijo no declarado en el atributo ${a.name}`);
      return { uri, local: a.name.slice(colon + 1), text: ` ${a.name}="${canonicalAttribute(a.value)}"` };
    })
    .sort((a, b) => compare(a.uri, b.uri) || compare(a.local, b.local));
  return `<${name}${namespaces.map((n) => n.text).join('')}${plain.map((a) => a.text).join('')}>`;
}

/** C14N orders by code point (UTF-16 order differs only beyond the BMP, which names here never reach). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export type RootCanonicalization = {
  /** The canonical form of the root element and everything in it. */
  canonical: string;
  /** Where the root's end tag starts in the input: an enveloped signature is inserted there. */
  rootEndTag: number;
};

/**
 * Canonicalizes the root element of `xml` (a whole document: declaration, comments and white space may precede it).
 * What is already canonical (the documents we write are, but for their declaration) is copied in runs, not token by
 * token: a 20-line invoice is one slice.
 */
export function canonicalizeRoot(xml: string): RootCanonicalization {
  PROLOG_SKIP.lastIndex = 0;
  PROLOG_SKIP.exec(xml);
  let position = PROLOG_SKIP.lastIndex;
  if (xml.startsWith('<!DOCTYPE', position)) throw new XmlNoCanonizable('El XML no puede tener DOCTYPE');

  const out: string[] = [];
  // Where the input's current run of canonical text began: written out when a token differs, or at the end.
  let run = position;
  const replace = (canonical: string) => {
    if (canonical.length === TOKEN.lastIndex - position && xml.startsWith(canonical, position)) return;
    out.push(xml.slice(run, position), canonical);
    run = TOKEN.lastIndex;
  };
  const open: string[] = [];
  const prefixes = new Map<string, string>();
  TOKEN.lastIndex = position;
  let match: RegExpExecArray | null;
  while ((match = TOKEN.exec(xml))) {
    const [, cdata, piTarget, piData, endName, startName, rawAttributes, selfClosing, text] = match;
    if (startName !== undefined) {
      const isRoot = open.length === 0;
      if (isRoot && selfClosing) throw new XmlNoCanonizable('El elemento raíz está vacío');
      const tag = rawAttributes ? canonicalStartTag(startName, parseAttributes(rawAttributes), isRoot, prefixes) : `<${startName}>`;
      replace(selfClosing ? `${tag}</${startName}>` : tag);
      if (!selfClosing) open.push(startName);
    } else if (endName !== undefined) {
      if (open.pop() !== endName) throw new XmlNoCanonizable(`Etiqueta de cierre </${endName}> inesperada`);
      if (TOKEN.lastIndex - position !== endName.length + 3) replace(`</${endName}>`);
      if (open.length === 0) {
        out.push(xml.slice(run, TOKEN.lastIndex));
        return { canonical: out.join(''), rootEndTag: position };
      }
    } else if (open.length === 0) {
      break; // text, CDATA or a processing instruction before the root: not a document we produce
    } else if (text !== undefined) {
      if (/[&>\r]/.test(text)) replace(canonicalText(decode(normalizeLines(text))));
    } else if (cdata !== undefined) {
      replace(canonicalText(normalizeLines(cdata)));
    } else if (piTarget !== undefined) {
      replace(piData ? `<?${piTarget} ${normalizeLines(piData)}?>` : `<?${piTarget}?>`);
    } else replace(''); // a comment: C14N without comments drops it
    position = TOKEN.lastIndex;
  }
  throw new XmlNoCanonizable(`XML incompleto o mal formado cerca de la posición ${position}`);
}
