import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { loginAdmin, loginCompany } from '../helpers/accounts';

/**
 * Sends hostile shapes to every operation of the OpenAPI document, so routes added later are covered without
 * touching this file: control characters, number shapes, wrong types, broken JSON and multipart, over-long text and
 * bad percent-encoding, anonymously and with an administrator's and a company's token. No answer may be a 5xx, and
 * every error is exactly { msg } (optionally with code).
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  nullable?: boolean;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Probe = { method: string; url: string; payload?: string; headers?: Record<string, string>; what: string };

/** Texts a pattern may accept; the first that matches becomes the field's valid value. */
const TEXT_CANDIDATES = ['1790016919001', '0991234567', 'usuario@prueba.ec', 'DEP-1', 'abc', 'Texto de prueba', '1'];

/** A valid-looking value of a schema, so that a probe changes one field of an otherwise acceptable request. */
function sample(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sample(branches.find((b) => b.type !== 'null') ?? branches[0]);
  const type = [schema.type].flat().find((t) => t !== 'null');
  switch (type) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [sample(schema.items)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s)]));
    case 'string': {
      const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
      return (
        TEXT_CANDIDATES.find((c) => (!pattern || pattern.test(c)) && c.length >= (schema.minLength ?? 0)) ??
        'x'.repeat(schema.minLength ?? 1)
      );
    }
    default:
      return 'x';
  }
}

const CONTROL_TEXTS = [
  'a\u0000b',
  '\u0000',
  'x\u0001y',
  'x\u001b[31m',
  'x\u007f',
  'x\u0085',
  'x\u202ey',
  'x\u2066y',
  'a\tb\r\nc',
  'x\u2028y',
];
const NUMBER_TEXTS = [
  'Infinity',
  '-Infinity',
  '0x10',
  '1e308',
  '1e1',
  '99999999999999999999',
  '2147483648',
  '-1',
  '1.5',
  '016',
  ' 1',
  'NaN',
  '',
];
const BAD_PERCENT = ['%E0%A4%A', '%', '%ZZ', '%C0%AF', '%00', '%ED%A0%80'];
const LONG_URL_TEXT = '9'.repeat(5_000);
/** Raw JSON tokens for body fields: numbers JSON.stringify cannot write, wrong types, and text shapes. */
const JSON_VALUES = [
  '1e308',
  '-1e308',
  '99999999999999999999',
  '1e400',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '"Infinity"',
  '"0x10"',
  '"16"',
  'null',
  'true',
  'false',
  '[]',
  '[1]',
  '{}',
  '{"a":1}',
  '""',
  `"${'x'.repeat(300_000)}"`,
  ...CONTROL_TEXTS.map((t) => JSON.stringify(t)),
];
const BROKEN_BODIES = [
  '',
  '{',
  '{"a":',
  '[]',
  'null',
  '"x"',
  '1',
  'true',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '\u0000',
  `[${'['.repeat(5_000)}`,
];
const LIST_JSON = {
  range: [
    '[1e308,1e308]',
    '[0,1e308]',
    '[0,99999999999999999999]',
    '[-1,5]',
    '[5,1]',
    '[0]',
    '{}',
    '[0,"a"]',
    '[0,1e400]',
    '[0.5,2]',
    '["0x10",1]',
    '[null,null]',
  ],
  sort: ['["x\\u0000","ASC"]', '[1,2]', '["id","X"]', '[]', '{}', '["__proto__","ASC"]'],
};
const FILTER_VALUES = [
  '"a\\u0000b"',
  '"x\\u202e"',
  '1e308',
  '99999999999999999999',
  '"0x10"',
  '"016"',
  'true',
  'null',
  '[]',
  '{}',
  '[1e308]',
  '["a\\u0001"]',
  '-1',
];

/** A path with its parameters filled in, one of them replaced by `raw` (already URL-encoded) when given. */
function fillPath(path: string, params: Parameter[], replace?: { name: string; raw: string }) {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (replace?.name === name) return replace.raw;
    const param = params.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(String(param ? sample(param.schema) : 1));
  });
}

/** The hostile requests for one operation of the document. */
function probesFor(path: string, method: string, operation: Operation): Probe[] {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const baseUrl = fillPath(path, params);
  const baseBody = bodySchema ? (sample(bodySchema) as Record<string, unknown>) : undefined;
  const json = (payload: string) => ({ payload, headers: { 'content-type': 'application/json' } });
  const withBody = baseBody ? json(JSON.stringify(baseBody)) : {};
  const M = method.toUpperCase();
  const probes: Probe[] = [];

  for (const param of pathParams) {
    const raws = [
      ...[...CONTROL_TEXTS, ...NUMBER_TEXTS.filter(Boolean)].map(encodeURIComponent),
      ...BAD_PERCENT,
      encodeURIComponent(LONG_URL_TEXT),
    ];
    for (const raw of raws)
      probes.push({
        method: M,
        url: fillPath(path, params, { name: param.name, raw }),
        ...withBody,
        what: `ruta ${param.name}=${raw.slice(0, 20)}`,
      });
  }
  for (const raw of BAD_PERCENT) probes.push({ method: M, url: `${baseUrl}${raw}`, ...withBody, what: `ruta+${raw}` });

  const query = (name: string, raw: string) => `${baseUrl}?${name}=${raw}`;
  for (const param of queryParams) {
    const texts = [...CONTROL_TEXTS, ...NUMBER_TEXTS, LONG_URL_TEXT, ...(LIST_JSON[param.name as keyof typeof LIST_JSON] ?? [])];
    for (const text of texts) probes.push({ method: M, url: query(param.name, encodeURIComponent(text)), what: `consulta ${param.name}` });
    for (const raw of BAD_PERCENT) probes.push({ method: M, url: query(param.name, raw), what: `consulta ${param.name} ${raw}` });
    probes.push({ method: M, url: `${baseUrl}?${param.name}=1&${param.name}=2`, what: `consulta ${param.name} repetida` });
  }
  if (queryParams.some((p) => p.name === 'filter')) {
    // Filter keys are the listed entity's fields (and the usual q and id): take them from the 200 answer's items.
    const items = operation.responses?.['200']?.content?.['application/json']?.schema.items;
    const keys = ['q', 'id', 'x\u0000', '__proto__', ...Object.keys(items?.properties ?? {})];
    for (const key of keys) {
      for (const value of FILTER_VALUES)
        probes.push({ method: M, url: query('filter', encodeURIComponent(`{${JSON.stringify(key)}:${value}}`)), what: `filter ${key}` });
    }
  }

  if (baseBody) {
    for (const field of Object.keys(bodySchema?.properties ?? {})) {
      for (const value of JSON_VALUES) {
        const payload = JSON.stringify({ ...baseBody, [field]: '\u0000FUZZ' }).replace('"\\u0000FUZZ"', value);
        probes.push({ method: M, url: baseUrl, ...json(payload), what: `cuerpo ${field}=${value.slice(0, 20)}` });
      }
    }
    probes.push({ method: M, url: baseUrl, ...json(JSON.stringify({ ...baseBody, extra: 'a\u0000b' })), what: 'cuerpo con campo extra' });
  }
  if (M !== 'GET') {
    for (const payload of BROKEN_BODIES)
      probes.push({ method: M, url: baseUrl, ...json(payload), what: `cuerpo roto ${payload.slice(0, 12)}` });
    probes.push({ method: M, url: baseUrl, ...json(`{"a":"${'x'.repeat(1_100_000)}"}`), what: 'cuerpo de más de 1 MB' });
    probes.push({
      method: M,
      url: baseUrl,
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      what: 'otro tipo de contenido',
    });
    // Malformed multipart goes to every route that takes a body: file routes and JSON routes must both refuse it.
    const b = 'fuzzBoundary';
    const part = `--${b}\r\nContent-Disposition: form-data; name="current"; filename="a.zip"\r\nContent-Type: application/zip\r\n\r\nPK\u0003\u0004${'z'.repeat(4096)}`;
    const multipartProbes: Array<[string, string]> = [
      ['multipart/form-data', `${part}\r\n--${b}--\r\n`],
      [`multipart/form-data; boundary=${b}`, part],
      [`multipart/form-data; boundary=${b}`, part.slice(0, 60)],
      [`multipart/form-data; boundary=${b}`, ''],
      [`multipart/form-data; boundary=${b}`, `--${b}\r\nContent-Disposition: form-data; name="otro"\r\n\r\nx\r\n--${b}--\r\n`],
      [
        `multipart/form-data; boundary=${b}`,
        `--${b}\r\nContent-Disposition: form-data; name="current"; filename="a\u0000.zip"\r\n\r\nPK\u0003\u0004\r\n--${b}--\r\n`,
      ],
      [`multipart/form-data; boundary="${'b'.repeat(100)}"`, 'x'],
    ];
    for (const [type, payload] of multipartProbes)
      probes.push({ method: M, url: baseUrl, payload, headers: { 'content-type': type }, what: `multipart ${type.slice(0, 30)}` });
  }
  return probes;
}

/** What is wrong with an answer, or undefined when it is acceptable. */
function problem(status: number, headers: Record<string, unknown>, body: string): string | undefined {
  if (status >= 500) return `respondió ${status}`;
  if (status < 400) return undefined;
  if (!String(headers['content-type'] ?? '').startsWith('application/json')) return `error ${status} sin JSON`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `error ${status} con un cuerpo que no es JSON`;
  }
  const keys = typeof parsed === 'object' && parsed !== null ? Object.keys(parsed) : [];
  const { msg, code } = parsed as { msg?: unknown; code?: unknown };
  if (
    keys.some((k) => k !== 'msg' && k !== 'code') ||
    typeof msg !== 'string' ||
    !msg ||
    (code !== undefined && typeof code !== 'string')
  ) {
    return `error ${status} que no es { msg }: ${body.slice(0, 120)}`;
  }
  if (/[\u0000-\u001f]/.test(msg) || msg.length > 300) return `error ${status} cuyo msg repite la entrada`;
  return undefined;
}

async function inPool<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

describe.each(testDatabases)('fuzz de toda la API según su documento OpenAPI (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('ninguna entrada produce un 5xx ni un error fuera de la forma { msg }', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    // Ending a session revokes the token the other probes use: those operations go last.
    operations.sort((a, b) => Number(/logout/i.test(a.path)) - Number(/logout/i.test(b.path)));
    expect(operations.length).toBeGreaterThan(30);

    const identities: Array<[string, Record<string, string>]> = [
      ['anónimo', {}],
      ['administrador', { 'x-token': (await loginAdmin(t)).token }],
      ['empresa', { 'x-token': (await loginCompany(t)).token }],
    ];
    const probes = operations.flatMap(({ path, method, op }) => probesFor(path, method, op));
    const statuses: Record<number, number> = {};
    const failures: string[] = [];
    let sent = 0;
    const started = Date.now();
    for (const [who, auth] of identities) {
      await inPool(probes, 8, async (probe) => {
        const res = await t.app.inject({
          method: probe.method,
          url: probe.url,
          payload: probe.payload,
          headers: { ...probe.headers, ...auth },
        } as InjectOptions);
        sent += 1;
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const wrong = problem(res.statusCode, res.headers, res.body);
        if (wrong) failures.push(`${who} ${probe.method} ${probe.url.slice(0, 120)} (${probe.what}): ${wrong}`);
      });
    }
    console.log(
      `fuzz (${kind}): ${operations.length} operaciones, ${sent} peticiones en ${Date.now() - started} ms; estados ${JSON.stringify(statuses)}`,
    );
    expect(failures.slice(0, 30), `${failures.length} respuestas inaceptables`).toEqual([]);
    expect(Object.keys(statuses).filter((s) => Number(s) >= 500)).toEqual([]);
  }, 180_000);
});
