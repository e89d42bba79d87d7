import { Ajv, type ErrorObject } from 'ajv';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { LazyCompiler } from './lazy-compile';
import { encodesNoText, forbiddenCharactersMessage, HttpError } from './errors';

/**
 * How every request is read before a handler sees it: the JSON body parser and the schema validators.
 * Everything here applies to all routes at once; routes only declare their schemas.
 */

/** An id or count as a client writes it in a URL: decimal digits, no sign, no leading zero, at most 10 digits. */
export const DECIMAL_INTEGER = /^(0|[1-9][0-9]{0,9})$/;

/**
 * Characters refused in text. One-line text: every C0 control (tab and line breaks too), DEL, C1, the line/paragraph
 * separators, and the bidi controls that make a name or a number display differently from what it is (U+202E).
 * Multi-line text (marked `x-multiline` in its schema: rich text, comments, settings): tab, CR and LF are fine.
 * PostgreSQL refuses NUL in text, so none may reach a query.
 */
const FORBIDDEN = {
  line: /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/,
  multiline: /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/,
} as const;

/**
 * Half of a UTF-16 surrogate pair without the other half: JSON lets any client write one ("\ud800"), and it is no
 * character. PostgreSQL refuses it in json/jsonb and stores it as U+FFFD elsewhere, so no kind of text admits it.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a text is well-formed UTF-16 (what String.prototype.isWellFormed answers): no lone surrogate. */
export const isWellFormedText = (text: string) => !LONE_SURROGATE.test(text);

/**
 * Whether a text has a character its kind refuses or is not well-formed; filters read as JSON, the keys and strings
 * of every JSON body and the URL's undecodable parts answer with the same refusal.
 */
export const hasForbiddenCharacters = (text: string, kind: keyof typeof FORBIDDEN = 'line') =>
  FORBIDDEN[kind].test(text) || !isWellFormedText(text);

type Schema = Record<string, unknown>;

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions'];
const SCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const SCHEMA_ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'];

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of the schema where every string schema carries the `text` rule of its kind. */
function withTextRules(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTextRules);
  if (!isSchema(schema)) return schema;
  const copy: Schema = { ...schema };
  for (const key of SCHEMA_MAPS) {
    if (isSchema(copy[key])) copy[key] = Object.fromEntries(Object.entries(copy[key]).map(([name, sub]) => [name, withTextRules(sub)]));
  }
  for (const key of [...SCHEMA_LISTS, ...SCHEMA_ONE]) if (key in copy) copy[key] = withTextRules(copy[key]);
  if ([copy.type].flat().includes('string')) copy.text = copy['x-multiline'] === true ? 'multiline' : 'line';
  return copy;
}

function createAjv(coerceTypes: boolean) {
  const ajv = new Ajv({
    // Fastify's own defaults, plus verbose (the error handler reads each failing schema's errorMessage). Coercion is
    // true, not Fastify's 'array': a repeated query parameter must not pass as one text.
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    verbose: true,
    coerceTypes,
  });
  ajv.addKeyword({ keyword: 'errorMessage', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-multiline', schemaType: 'boolean' });
  ajv.addKeyword({
    keyword: 'text',
    type: 'string',
    schemaType: 'string',
    errors: false,
    validate: (kind: keyof typeof FORBIDDEN, data: string) => !hasForbiddenCharacters(data, kind),
  });
  return ajv;
}

/** The integer properties of a params or querystring schema: their text must be a decimal number before Ajv coerces it. */
function integerProperties(schema: Schema): string[] {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  return Object.entries(properties)
    .filter(([, sub]) => isSchema(sub) && [sub.type].flat().includes('integer'))
    .map(([name]) => name);
}

/**
 * Bodies are JSON and keep their types: null is not 0, true is not 1, "5" is not 5. URLs only carry text, so params
 * and query strings are coerced, but only from decimal digits: Ajv alone would read "0x10" as 16 and "1e1" as 10.
 */
export function registerRequestReading(app: FastifyInstance, { lazily }: LazyCompiler) {
  const typed = createAjv(false);
  const coercing = createAjv(true);

  app.setValidatorCompiler<FastifySchema>(({ schema, httpPart }) => {
    const prepared = withTextRules(schema) as Schema;
    if (httpPart === 'body') {
      const validator = lazily(() => typed.compile(prepared));
      return (data: unknown) => {
        const validate = validator();
        return validate(data) ? { value: data } : { error: validate.errors ?? [] };
      };
    }
    const validator = lazily(() => coercing.compile(prepared));
    const integers = integerProperties(prepared);
    return (data: unknown) => {
      const values = isSchema(data) ? data : {};
      const notDecimal = integers.find((name) => typeof values[name] === 'string' && !DECIMAL_INTEGER.test(values[name]));
      if (notDecimal !== undefined) {
        const error: ErrorObject = { keyword: 'type', instancePath: `/${notDecimal}`, schemaPath: '', params: { type: 'integer' } };
        return { error: [error] };
      }
      const validate = validator();
      return validate(data) ? { value: data } : { error: validate.errors ?? [] };
    };
  });

  // The query string parser keeps a value it cannot decode as its raw text: %ED%A0%80 (a lone surrogate) would reach
  // the handler as the letters "%ED%A0%80". A declared parameter's value must decode to text.
  app.addHook('preValidation', async (request) => {
    const url = request.raw.url ?? '';
    const start = url.indexOf('?');
    if (start === -1 || !NON_ASCII_ESCAPE.test(url.slice(start))) return;
    const declared = (request.routeOptions.schema?.querystring as Schema | undefined)?.properties;
    if (!isSchema(declared)) return;
    for (const pair of url.slice(start + 1).split('&')) {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? '' : pair.slice(equals + 1);
      const known = Object.keys(declared).find((key) => key === name || encodeURIComponent(key) === name);
      if (known !== undefined && encodesNoText(value)) throw new HttpError(400, forbiddenCharactersMessage(known));
    }
  });

  // Clients such as react-admin send Content-Type: application/json on a DELETE or GET with no body; where the route
  // reads no body, an empty one is no body rather than invalid JSON.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0 && request.routeOptions.schema?.body === undefined) return done(null, undefined);
    let text: string;
    try {
      text = UTF8.decode(bytes);
    } catch {
      return done(new HttpError(400, NOT_UTF8), undefined);
    }
    return parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const field = SURROGATE_ESCAPE.test(text) ? illFormedField(value) : undefined;
      return field === undefined ? done(null, value) : done(new HttpError(400, forbiddenCharactersMessage(field)), undefined);
    });
  });
}

/** A percent escape of a byte past ASCII: only a URL with one can encode bytes that are not UTF-8. */
const NON_ASCII_ESCAPE = /%[89a-fA-F][0-9a-fA-F]/;

/** JSON is UTF-8 (RFC 8259): bytes that are not would otherwise become U+FFFD without anyone noticing. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const NOT_UTF8 = 'El cuerpo de la solicitud no es un JSON válido: su texto debe estar en UTF-8';

/** A JSON escape of a surrogate: valid UTF-8 has none of its own, so only a body with one can hold a lone surrogate. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/**
 * The field of a parsed JSON body whose text or key is not well-formed, or undefined: whatever its schema says of it,
 * an undeclared field included. An item of a list is named by its list; a key by the object that holds it. Walked
 * with a queue of its own: a deeply nested body must not overflow the call stack.
 */
function illFormedField(body: unknown): string | undefined {
  const pending: Array<[unknown, string]> = [[body, 'solicitud']];
  for (let i = 0; i < pending.length; i++) {
    const [value, name] = pending[i];
    if (typeof value === 'string') {
      if (!isWellFormedText(value)) return name;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push([item, name]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (!isWellFormedText(key)) return name;
        pending.push([item, key]);
      }
    }
  }
  return undefined;
}
