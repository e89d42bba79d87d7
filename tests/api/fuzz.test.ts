import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { startConsultasStubs } from '../helpers/consultas-stub';
import { API, loginAdmin, loginCompany, newRuc } from '../helpers/accounts';
import { administradores } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { PERFIL } from '../../domain/perfiles';
import { MSG } from '../../domain/messages';

/**
 * Sends hostile shapes to every operation of the OpenAPI document, so routes added later are covered without
 * touching this file: control characters, lone surrogates (JSON escapes and their bytes in URLs and files), number
 * shapes, wrong types, broken JSON and multipart, over-long text and bad percent-encoding, anonymously and with an
 * administrator's and a company's token. No answer may be a 5xx, every error is exactly { msg } (optionally with
 * code), every operation of the document is reached, and the two identities are still signed in, with the same
 * menus, after every operation's probes.
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
type Probe = { method: string; url: string; payload?: string | Buffer; headers?: Record<string, string>; what: string };

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
/**
 * Lone surrogates as JSON escapes (a JSON client can send any of them): a high half at the end, before a letter or
 * doubled, a low half first or after a letter, and the two halves in the wrong order.
 */
const SURROGATE_ESCAPES = ['\\ud800', 'x\\ud800', '\\udbffx', 'a\\ud800\\ud800b', '\\udc00x', 'x\\udfff', '\\udc00\\ud800'];
/** The same halves in a URL: their UTF-8-like bytes (ED A0 80 is U+D800), which UTF-8 does not allow. */
const SURROGATE_PERCENT = ['%ED%A0%80', 'x%ED%A0%80', '%ED%B0%80x', '%ED%AF%BF%ED%A0%80', '%ED%BF%BF'];
/** U+D800 written as if it were a character (ED A0 80): in a JSON body, a multipart part or a file name. */
const SURROGATE_BYTES = Buffer.from([0xed, 0xa0, 0x80]);
const BAD_PERCENT = ['%E0%A4%A', '%', '%ZZ', '%C0%AF', '%00', ...SURROGATE_PERCENT];
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
  ...SURROGATE_ESCAPES.map((t) => `"${t}"`),
  `["${SURROGATE_ESCAPES[0]}"]`,
  `{"${SURROGATE_ESCAPES[0]}":1}`,
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
  `{"${SURROGATE_ESCAPES[0]}":"x"}`,
  `{"a":"${SURROGATE_ESCAPES[4]}"}`,
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
  sort: ['null', '["x\\u0000","ASC"]', '[1,2]', '["id","X"]', '[]', '{}', '["__proto__","ASC"]', '["id\\ud800","ASC"]', '["id","\\udc00"]'],
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
  ...SURROGATE_ESCAPES.map((t) => `"${t}"`),
  `["${SURROGATE_ESCAPES[4]}"]`,
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
    const texts = [
      ...CONTROL_TEXTS,
      ...NUMBER_TEXTS,
      LONG_URL_TEXT,
      ...SURROGATE_ESCAPES.map((t) => `"${t}"`),
      ...(LIST_JSON[param.name as keyof typeof LIST_JSON] ?? []),
    ];
    for (const text of texts) probes.push({ method: M, url: query(param.name, encodeURIComponent(text)), what: `consulta ${param.name}` });
    for (const raw of BAD_PERCENT) probes.push({ method: M, url: query(param.name, raw), what: `consulta ${param.name} ${raw}` });
    probes.push({ method: M, url: `${baseUrl}?${param.name}=1&${param.name}=2`, what: `consulta ${param.name} repetida` });
  }
  if (queryParams.some((p) => p.name === 'filter')) {
    // Filter keys are the listed entity's fields (and the usual q and id): take them from the 200 answer's items.
    const items = operation.responses?.['200']?.content?.['application/json']?.schema.items;
    const keys = ['q', 'id', 'x\u0000', '__proto__', '\ud800', 'x\udc00', ...Object.keys(items?.properties ?? {})];
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
    probes.push({
      method: M,
      url: baseUrl,
      ...json(JSON.stringify({ ...baseBody, extra: '\ud800' })),
      what: 'campo extra con media pareja',
    });
    probes.push({ method: M, url: baseUrl, ...json(JSON.stringify({ ...baseBody, '\udc00': 1 })), what: 'clave con media pareja' });
    // Bytes of a lone surrogate inside the JSON text itself: not UTF-8, so not JSON.
    probes.push({
      method: M,
      url: baseUrl,
      payload: Buffer.concat([Buffer.from('{"a":"'), SURROGATE_BYTES, Buffer.from('"}')]),
      headers: { 'content-type': 'application/json' },
      what: 'cuerpo con bytes de media pareja',
    });
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
    const multipartProbes: Array<[string, string | Buffer]> = [
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
      // A text field and a file name with the bytes of a lone surrogate, raw and percent-encoded.
      [
        `multipart/form-data; boundary=${b}`,
        Buffer.concat([
          Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="referencia"\r\n\r\nx`),
          SURROGATE_BYTES,
          Buffer.from(`\r\n--${b}\r\nContent-Disposition: form-data; name="current"; filename="a`),
          SURROGATE_BYTES,
          Buffer.from(`.pdf"; filename*=UTF-8''a%ED%A0%80.pdf\r\n\r\n%PDF-1.4\r\n--${b}--\r\n`),
        ]),
      ],
    ];
    for (const [type, payload] of multipartProbes)
      probes.push({ method: M, url: baseUrl, payload, headers: { 'content-type': type }, what: `multipart ${type.slice(0, 30)}` });
  }
  return probes;
}

/**
 * What is wrong with an answer, or undefined when it is acceptable. An error is { msg } (optionally with code), plus
 * the fields its operation documents for that status (a lookup's 404 carries the dialog's titulo).
 */
function problem(status: number, headers: Record<string, unknown>, body: string, operation: Operation): string | undefined {
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
  const documented = Object.keys(operation.responses?.[String(status)]?.content?.['application/json']?.schema.properties ?? {});
  if (
    keys.some((k) => k !== 'msg' && k !== 'code' && !documented.includes(k)) ||
    typeof msg !== 'string' ||
    !msg ||
    (code !== undefined && typeof code !== 'string')
  ) {
    return `error ${status} que no es { msg }: ${body.slice(0, 120)}`;
  }
  if (/[\u0000-\u001f]/.test(msg) || msg.length > 300) return `error ${status} cuyo msg repite la entrada`;
  return undefined;
}

async function inPool<T>(items: T[], size: number, run: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

/** The router's answer to a path no operation has: a probe that gets it did not reach the operation it was meant for. */
const NO_ROUTE = MSG.routeNotFound;

/**
 * A signed-in identity of the probes, and the menu its session reads: the same entries at the end of every operation's
 * probes mean the session is still open and still has the access it had.
 */
type Identity = {
  who: string;
  login: () => Promise<string>;
  menu: (token: string) => Promise<{ statusCode: number; body: string }>;
  /** How its credential travels: a session's x-token, or an integration's API key (Authorization: Bearer). */
  headers?: (token: string) => Record<string, string>;
};

/** The entries of a menu answer, in order: what the session may open, whatever their names became. */
const entriesOf = (body: string) => (JSON.parse(body) as Array<{ MEN_CODIGO: number }>).map((m) => m.MEN_CODIGO).join(',');

const FUZZ_CLAVE = 'ClaveDelFuzz2026!';

/**
 * An administrator and a company of the probes' own, with the demo's access (the superuser profile; Andina's menus).
 * The probes fill every id with 1, the demo's first administrator and company, and edit them for real when the rest
 * of a body is valid (PUT administradores/1 closes that administrator's sessions): on identities of their own the
 * sessions that send the probes are never the ones the probes edit.
 */
async function fuzzIdentities(t: TestApp): Promise<Identity[]> {
  const demo = (await loginAdmin(t)).token;
  await t.db.insert(administradores).values({
    ADM_USUARIO: 'fuzz',
    ADM_CLAVE: await hashPassword(FUZZ_CLAVE),
    ADM_NOMBRE: 'Administrador del fuzz',
    PRF_CODIGO: PERFIL.administrador,
  });
  const admin = await loginAdmin(t, { usuario: 'fuzz', clave: FUZZ_CLAVE });
  const ruc = newRuc();
  const created = await t.app.inject({
    method: 'POST',
    url: `${API}/empresas`,
    headers: { 'x-token': demo },
    payload: {
      EMP_RUC: ruc,
      EMP_NOMBREC: 'Fuzz',
      EMP_NOMBRE: 'FUZZ S.A.',
      EMP_CORREO: 'fuzz@prueba.ec',
      EMP_TELEFONO: null,
      EMP_CELULAR: null,
      EMP_DIRECCION: 'Av. Principal 123',
      EMP_CONTABILIDAD: false,
      EMP_CONTRIBUYENTE_ESPECIAL: null,
      EMP_AGENTE_RETENCION: null,
      EMP_RIMPE: null,
      EMP_AMBIENTE: 1,
      EMP_ACTIVO: true,
      usuario: 'fuzz',
      clave: FUZZ_CLAVE,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const empresa = created.json().EMP_CODIGO as number;
  const andina = (await loginCompany(t)).COM_CODIGO;
  const choices = await t.app.inject({ method: 'GET', url: `${API}/menus/menuEmpresaAdmin/${andina}`, headers: { 'x-token': demo } });
  const menus = (choices.json() as Array<{ MEN_CODIGO: number; asignado: boolean }>).filter((m) => m.asignado).map((m) => m.MEN_CODIGO);
  const assigned = await t.app.inject({
    method: 'PUT',
    url: `${API}/menus/menuEmpresaAdmin/${empresa}`,
    headers: { 'x-token': demo },
    payload: { menus },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const company = { ruc, usuario: 'fuzz', clave: FUZZ_CLAVE };
  // Key 1 is Andina's: the probes' ids (1) name another company's key, never the one the key identity sends.
  const primera = await t.app.inject({
    method: 'POST',
    url: '/api/clavesApi',
    headers: { 'x-token': (await loginCompany(t)).token },
    payload: { CLA_NOMBRE: 'De Andina', CLA_ALCANCES: ['leer'] },
  });
  expect(primera.json().CLA_CODIGO, primera.body).toBe(1);
  const conClave = (clave: string) => ({ authorization: `Bearer ${clave}` });
  return [
    {
      who: 'administrador',
      login: async () => (await loginAdmin(t, { usuario: 'fuzz', clave: FUZZ_CLAVE })).token,
      menu: (token) =>
        t.app.inject({ method: 'POST', url: `${API}/menus/menuAdmin`, headers: { 'x-token': token }, payload: { id: admin.ADM_CODIGO } }),
    },
    {
      who: 'empresa',
      login: async () => (await loginCompany(t, company)).token,
      menu: (token) => t.app.inject({ method: 'POST', url: `${API}/menuEmpresa`, headers: { 'x-token': token }, payload: { ruc } }),
    },
    {
      // The company's integration: a key with both scopes, made by its administrador on the keys' screen's route.
      who: 'clave de API',
      login: async () => {
        const token = (await loginCompany(t, company)).token;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/clavesApi',
          headers: { 'x-token': token },
          payload: { CLA_NOMBRE: 'Fuzz', CLA_ALCANCES: ['leer', 'emitir'] },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().clave as string;
      },
      // A key has no menu of its own: the menu its company's session reads is what the key may reach.
      menu: async (clave) => {
        const res = await t.app.inject({ method: 'GET', url: '/api/catalogo?range=[0,0]', headers: conClave(clave) });
        if (res.statusCode !== 200) return res;
        const token = (await loginCompany(t, company)).token;
        return t.app.inject({ method: 'POST', url: `${API}/menuEmpresa`, headers: { 'x-token': token }, payload: { ruc } });
      },
      headers: conClave,
    },
  ];
}

describe.each(testDatabases)('fuzz de toda la API según su documento OpenAPI (%s)', (kind) => {
  let t: TestApp;
  let stubs: Awaited<ReturnType<typeof startConsultasStubs>>;
  beforeAll(async () => {
    // The lookups of clients' identifications answer from local stand-ins: a probe's well-formed cédula or RUC gets
    // the service's "not found", never a request to the real services nor the 503 of a server without them.
    stubs = await startConsultasStubs();
    t = await startTestApp(kind, { consultas: stubs.config });
    // The key identity sends thousands of probes a minute: its rate limit has its own test (claves-api.test.ts).
    t.config.integraciones.limitePorMinuto = 1_000_000;
  });
  afterAll(async () => {
    await t?.close();
    await stubs?.close();
  });

  it('ninguna entrada produce un 5xx ni un error fuera de la forma { msg }, y cada operación recibe las suyas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(30);

    const sessions = await Promise.all(
      (await fuzzIdentities(t)).map(async (identity) => {
        const token = await identity.login();
        const menu = await identity.menu(token);
        expect(menu.statusCode, menu.body).toBe(200);
        expect(entriesOf(menu.body)).not.toBe('');
        return { identity, token, menu: entriesOf(menu.body) };
      }),
    );

    const statuses: Record<number, number> = {};
    const failures: string[] = [];
    /** The operations a probe reached (the router found them), and those where one got past the guard too. */
    const reached = new Set<string>();
    const pastGuard = new Set<string>();
    let sent = 0;
    const started = Date.now();
    const send = async (key: string, operation: Operation, probe: Probe, who: string, auth: Record<string, string>) => {
      const res = await t.app.inject({
        method: probe.method,
        url: probe.url,
        payload: probe.payload,
        headers: { ...probe.headers, ...auth },
      } as InjectOptions);
      sent += 1;
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      const wrong = problem(res.statusCode, res.headers, res.body, operation);
      if (wrong) failures.push(`${who} ${probe.method} ${probe.url.slice(0, 120)} (${probe.what}): ${wrong}`);
      if (res.statusCode === 404 && res.body.includes(NO_ROUTE)) return res.statusCode;
      reached.add(key);
      if (res.statusCode !== 401 && res.statusCode !== 403) pastGuard.add(key);
      return res.statusCode;
    };

    for (const { key, path, method, op } of operations) {
      const probes = probesFor(path, method, op);
      // Signing out is probed too, with sessions of its own: the ones the other operations use must stay open.
      const endsSession = /logout/i.test(path);
      const callers = [
        { who: 'anónimo', auth: {} as Record<string, string> },
        ...(await Promise.all(
          sessions.map(async ({ identity, token }) => {
            const credential = endsSession ? await identity.login() : token;
            return { who: identity.who, auth: identity.headers?.(credential) ?? { 'x-token': credential } };
          }),
        )),
      ];
      // Guards answer at onRequest, before the body is read. A caller that a broken body still gets 401 or 403 from
      // was refused there: its probes that change the URL still go through the router and the guard, and those that
      // change only the body would repeat that same answer (they were half of all probes).
      const baseUrl = fillPath(path, op.parameters ?? []);
      const broken = probes.find((probe) => probe.what === 'cuerpo roto {');
      // The rest of a caller's probes, after the broken body it was sent first.
      const probesOf = async (caller: (typeof callers)[number]) => {
        if (!broken) return probes;
        const refused = [401, 403].includes(await send(key, op, broken, caller.who, caller.auth));
        return probes.filter((probe) => probe !== broken && (!refused || probe.url !== baseUrl));
      };
      const perCaller = await Promise.all(callers.map(async (caller) => ({ caller, probes: await probesOf(caller) })));
      await inPool(
        perCaller.flatMap(({ caller, probes }) => probes.map((probe) => ({ caller, probe }))),
        8,
        ({ caller, probe }) => send(key, op, probe, caller.who, caller.auth),
      );
      // Each operation's probes are followed by a check of both sessions, so that a failure names the operation.
      for (const session of sessions) {
        const menu = await session.identity.menu(session.token);
        if (menu.statusCode !== 200 || entriesOf(menu.body) !== session.menu) {
          failures.push(
            `${session.identity.who}: tras las pruebas de ${key} su sesión respondió ${menu.statusCode} ${menu.body.slice(0, 120)}`,
          );
          // Signed in again, so that the operations after this one are still probed with a working session.
          session.token = await session.identity.login();
          const again = await session.identity.menu(session.token);
          session.menu = again.statusCode === 200 ? entriesOf(again.body) : '';
        }
      }
    }

    const documented = operations.map((o) => o.key);
    console.log(
      `fuzz (${kind}): ${documented.length} operaciones en el documento, ${reached.size} alcanzadas, ${pastGuard.size} más allá de su guardia; ` +
        `${sent} peticiones en ${Date.now() - started} ms; estados ${JSON.stringify(statuses)}`,
    );
    expect(failures.slice(0, 30), `${failures.length} respuestas inaceptables`).toEqual([]);
    expect(Object.keys(statuses).filter((s) => Number(s) >= 500)).toEqual([]);
    expect(
      documented.filter((key) => !reached.has(key)),
      'operaciones a las que ninguna prueba llegó',
    ).toEqual([]);
    expect(
      documented.filter((key) => !pastGuard.has(key)),
      'operaciones cuya guardia ninguna identidad pasó',
    ).toEqual([]);
    expect(reached.size).toBe(new Set(documented).size);
    for (const session of sessions) {
      const menu = await session.identity.menu(session.token);
      expect(menu.statusCode, `${session.identity.who}: ${menu.body}`).toBe(200);
      expect(entriesOf(menu.body)).toBe(session.menu);
    }
  }, 300_000);
});
