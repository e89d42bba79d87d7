import sanitizeHtml from 'sanitize-html';

/** SVG elements that draw (no scripts, no foreign content, no links, no animation: an animation can rewrite an href). */
const ELEMENTS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'image',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
];
/** Stands in for a <style> element while the markup is sanitized; its CSS is cleaned apart and put back escaped. */
const STYLE_MARK = 'amelia-style';
/** Dropped together with everything inside them. */
const DROPPED = ['script', 'foreignObject', 'iframe', 'object', 'embed', 'audio', 'video', 'canvas', 'style', 'noscript'];

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/i;
const EXTERNAL_URL = /url\(\s*(?!['"]?\s*#)[^)]*\)/gi;
const HAS_EXTERNAL_URL = new RegExp(EXTERNAL_URL.source, 'i');

const decodeXml = (text: string) =>
  text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => safeChar(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec: string) => safeChar(parseInt(dec, 10)))
    .replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
const safeChar = (code: number) => (code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '');
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** CSS without imports, scripts nor references outside the image: url(#id) stays, any other url() becomes none. */
export function cleanCss(css: string): string {
  return css
    .replace(/\\/g, '') // CSS escapes could spell u\rl( or \@import
    .replace(/@import[^;]*;?/gi, '')
    .replace(EXTERNAL_URL, 'none')
    .replace(/expression\s*\(/gi, '(')
    .replace(/(java|vb)script\s*:/gi, '')
    .replace(/-moz-binding|behavior\s*:/gi, '');
}

/** An attribute kept as it is, or dropped: handlers, links outside the image, unknown namespaces. */
function keepAttribute(tag: string, name: string, value: string): string | null {
  const lower = name.toLowerCase();
  if (!/^[A-Za-z][A-Za-z0-9_.:-]*$/.test(name) || lower.startsWith('on')) return null;
  if (lower === 'href' || lower === 'xlink:href') {
    const target = value.trim();
    if (target.startsWith('#')) return target;
    return tag === 'image' && RASTER_DATA.test(target) ? target.replace(/\s/g, '') : null;
  }
  // Prefixed attributes must have a declared prefix, or the XML is not well formed and the image does not show.
  if (lower.startsWith('xmlns')) return null; // set again on each <svg>
  if (name.includes(':') && !name.startsWith('xlink:') && !name.startsWith('xml:')) return null;
  if (lower === 'style') return cleanCss(value);
  if (/(java|vb)script\s*:/i.test(value)) return null;
  if (HAS_EXTERNAL_URL.test(value)) return null;
  return value;
}

const options: sanitizeHtml.IOptions = {
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true, decodeEntities: true },
  allowedTags: [...ELEMENTS, STYLE_MARK],
  // Every attribute goes through keepAttribute in transformTags, which runs first.
  allowedAttributes: false,
  allowedSchemesAppliedToAttributes: [],
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED,
  // Every drawing element is written with its closing tag (a self-closing one would lose its children).
  selfClosing: [STYLE_MARK],
  transformTags: {
    '*': (tagName, attribs) => {
      const kept: Record<string, string> = {};
      if (tagName === STYLE_MARK) return { tagName, attribs: { n: String(attribs.n ?? '') } };
      for (const [name, value] of Object.entries(attribs)) {
        const clean = keepAttribute(tagName, name, value);
        if (clean !== null) kept[name] = clean;
      }
      if (tagName === 'svg') Object.assign(kept, { xmlns: SVG_NS, 'xmlns:xlink': XLINK_NS });
      return { tagName, attribs: kept };
    },
  },
};

/**
 * A safe copy of an SVG image, or null when there is no <svg> in it. Kept: the drawing elements and their attributes,
 * CSS (in <style> or style="") without imports or outside references, links to the image's own parts (#id), embedded
 * raster images (data:). Removed: scripts, event handlers (on…), foreign content, links and references outside the
 * image, animations, comments, the XML declaration and DOCTYPE (no entities). The result starts with "<svg".
 */
export function sanitizeSvg(input: string): string | null {
  const styles: string[] = [];
  const marked = input
    .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\]\s*)?>/gi, '')
    .replace(/<style\b[^>]*\/>/gi, '')
    .replace(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi, (_, css: string) => {
      styles.push(cleanCss(decodeXml(css)));
      return `<${STYLE_MARK} n="${styles.length - 1}"/>`;
    });
  const clean = sanitizeHtml(marked, options);
  const start = clean.indexOf('<svg');
  const end = clean.lastIndexOf('</svg>');
  if (start < 0 || end < start) return null;
  return clean.slice(start, end + '</svg>'.length).replace(new RegExp(`<${STYLE_MARK} n="([0-9]*)" />`, 'g'), (_, n: string) => {
    const css = styles[Number(n)];
    return css?.trim() ? `<style>${escapeXml(css)}</style>` : '';
  });
}
