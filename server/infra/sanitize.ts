import sanitizeHtml from 'sanitize-html';

/** Tags a ticket message or an adviser's reply may keep (what the rich-text editor produces). */
const ALLOWED_TAGS = ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'blockquote', 'code', 'pre', 'h1', 'h2', 'h3'];
/** Tags dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'textarea',
  'option',
  'title',
  'template',
  'svg',
  'math',
  'frameset',
  'noembed',
  'xmp',
];
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      // The parser already decoded entities (jav&#x09;ascript:); drop every control/space character before checking.
      const href = (attribs.href ?? '').replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
      return {
        tagName,
        attribs: { ...(SAFE_HREF.test(href) ? { href } : {}), rel: 'noopener noreferrer', target: '_blank' },
      };
    },
  },
};

/**
 * Sanitizes rich text (SPT_MENSAJE, SPT_RESPUESTA) with an allowlist before it is stored: no scripts, no event
 * handlers, no style or class attributes, links only to http, https or mailto (opened with rel="noopener noreferrer").
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+[0-9]*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Plain-text copy of (already sanitized) rich text, for e-mails and history rows. */
export function richTextToPlain(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|li|h[1-3]|blockquote|pre|ul|ol)>/gi, '\n');
  const text = decodeEntities(sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WITH_CONTENT }));
  return text
    .replace(/[ \t\u00a0]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** True when the rich text has no visible text (empty, only spaces, only empty tags). */
export function isRichTextEmpty(sanitized: string): boolean {
  const text = decodeEntities(sanitizeHtml(sanitized, { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED_WITH_CONTENT }));
  // Zero-width characters are listed as alternatives: inside a class the joiner would read as joining its neighbours.
  return text.replace(/[\s\u00a0\ufeff]|\u200b|\u200c|\u200d/g, '') === '';
}
