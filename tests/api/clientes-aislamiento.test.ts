import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { multipart, startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { clientesDocumentos, empresas, menusEmpresa, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';

/**
 * The isolation walk (issue 12, point 10). Every operation of the OpenAPI document under /api (the company
 * application's family, not /api/EmpresasAmelia nor the public health checks) is called, so routes added later are
 * covered without touching this file:
 * - anonymously: 401; with an administration token: 403;
 * - when it names a record (an integer id in the path, `cliente` in the query, CLI_CODIGO or documentos in the body)
 *   with company B's token and company A's record: 404 (a bulk body of ids changes nothing); with a seller of A whose
 *   clients do not include that one: 404 too;
 * - the reads that name no record, with B's token, never show A's client (its razón social is not in the answer).
 * Reads that name a client or a user of A answer 200 to A's own administrator: the 404s are not about a bad id.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; security?: unknown[] };

/** Public operations under /api: the health checks. */
/** The company menu entry Usuarios (migration 0017). */
const MENU_USUARIOS = 106;
const PUBLIC = new Set(['GET /api/health', 'GET /api/ready']);
const TEXT_CANDIDATES = ['1790016919001', '0991234567', 'usuario@prueba.ec', 'DEP-1', 'abc', 'Texto de prueba', '1'];
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const isInteger = (schema: Schema | undefined): boolean =>
  [schema?.type].flat().some((type) => type === 'integer' || type === 'number') || Boolean(schema?.anyOf?.some((s) => isInteger(s)));

describe.each(testDatabases)('aislamiento: toda ruta /api con tokens de dos empresas, de un vendedor y de administración (%s)', (kind) => {
  let t: TestApp;
  let operations: Array<{ method: string; path: string; op: Operation }>;
  let tokenA: string;
  let tokenB: string;
  let seller: string;
  let adminToken: string;
  /** A's records: a client with a RUC (not the seller's), one with a cédula, a document of the first, A's administrator. */
  let client: Record<string, unknown> & { CLI_CODIGO: number; CLI_IDENTIFICACION: string };
  let cedulaClient: { CLI_CODIGO: number; CLI_IDENTIFICACION: string };
  let document: number;
  let userA: number;
  const marker = `AISLADO${Math.floor(Math.random() * 1e9)}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    // B (Tornillo) gets the company users' menu too, so that /api/usuarios answers for the record, not the menu.
    const [tornillo] = await t.db.select({ id: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.tornillo.ruc));
    await t.db.insert(menusEmpresa).values({ EMP_CODIGO: tornillo.id, MEN_CODIGO: MENU_USUARIOS }).onConflictDoNothing();
    const a = await loginCompany(t, COMPANIES.andina);
    tokenA = a.token;
    userA = a.USU_CODIGO;
    tokenB = (await loginCompany(t, COMPANIES.tornillo)).token;
    adminToken = (await loginAdmin(t)).token;
    await t.db.insert(usuarios).values({
      COM_CODIGO: a.COM_CODIGO,
      USU_USUARIO: 'aislamiento.vendedor',
      USU_CLAVE: await hashPassword(COMPANIES.andina.clave),
      USU_ROL: 'vendedor',
    });
    seller = (await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario: 'aislamiento.vendedor', clave: COMPANIES.andina.clave })).token;

    const create = async (payload: object) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/clientes', headers: { 'x-token': tokenA }, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    client = await create({
      CLI_TIPO_IDENTIFICACION: '04',
      CLI_IDENTIFICACION: '1713175071001',
      CLI_RAZON_SOCIAL: `${marker} Compañía Andina Cliente`,
      CLI_CORREOS: ['cliente.andina@prueba.ec'],
      CLI_TELEFONOS: ['0991234567'],
      aceptarAdvertencia: true,
    });
    cedulaClient = await create({
      CLI_TIPO_IDENTIFICACION: '05',
      CLI_IDENTIFICACION: '1713175071',
      CLI_RAZON_SOCIAL: `${marker} Persona Andina`,
      aceptarAdvertencia: true,
    });
    [{ document }] = await t.db
      .insert(clientesDocumentos)
      .values({
        CLI_CODIGO: client.CLI_CODIGO,
        EMP_CODIGO: a.COM_CODIGO,
        CDO_NOMBRE: 'contrato.pdf',
        CDO_RUTA: 'clientes/aislamiento/contrato.pdf',
        CDO_TIPO: 'application/pdf',
        CDO_BYTES: PDF.length,
      })
      .returning({ document: clientesDocumentos.CDO_ID });

    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/EmpresasAmelia'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })))
      .filter(({ method, path }) => !PUBLIC.has(`${method} ${path}`));
  });
  afterAll(() => t.close());

  /** A valid-looking value of a schema; text tries A's identifications first (a lookup by RUC or cédula must not find them). */
  function sample(schema: Schema): unknown {
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum[0];
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches) return sample(branches.find((b) => b.type !== 'null') ?? branches[0]);
    switch ([schema.type].flat().find((type) => type !== 'null')) {
      case 'integer':
      case 'number':
        return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Infinity);
      case 'boolean':
        return true;
      case 'array':
        return schema.items ? Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => sample(schema.items!)) : [];
      case 'object':
        return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s)]));
      case 'string': {
        const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
        const candidates = [client.CLI_IDENTIFICACION, cedulaClient.CLI_IDENTIFICACION, ...TEXT_CANDIDATES];
        return (
          candidates.find((c) => (!pattern || pattern.test(c)) && c.length >= (schema.minLength ?? 0)) ?? 'x'.repeat(schema.minLength ?? 1)
        );
      }
      default:
        return 'x';
    }
  }

  /** Which record of A an integer path parameter names: a company user, a client's document, or a client. */
  const recordFor = (path: string): ['usuario' | 'documento' | 'cliente', number] =>
    path.startsWith('/api/usuarios')
      ? ['usuario', userA]
      : /\/documentos\/\{/.test(path)
        ? ['documento', document]
        : ['cliente', client.CLI_CODIGO];

  /** The request of an operation against A's records, and what it names. */
  function build(method: string, path: string, op: Operation) {
    let names: 'cliente' | 'documento' | 'usuario' | undefined;
    let bulk = false;
    const params = op.parameters ?? [];
    const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const param = params.find((p) => p.in === 'path' && p.name === name);
      if (!isInteger(param?.schema)) return encodeURIComponent(String(sample(param?.schema ?? { type: 'string' })));
      const [what, id] = recordFor(path);
      names = what;
      return String(id);
    });
    const query = new URLSearchParams();
    for (const param of params.filter((p) => p.in === 'query')) {
      if (param.name === 'cliente') {
        query.set('cliente', String(client.CLI_CODIGO));
        names ??= 'cliente';
      } else if (param.name === 'filter') query.set('filter', JSON.stringify({ q: marker }));
      else if (param.required) query.set(param.name, String(sample(param.schema)));
    }
    const options: InjectOptions = { method: method as InjectOptions['method'], url: `${url}${query.size ? `?${query}` : ''}` };
    const json = op.requestBody?.content['application/json']?.schema;
    if (json) {
      const body = sample(json) as Record<string, unknown>;
      if ('CLI_CODIGO' in body) {
        body.CLI_CODIGO = client.CLI_CODIGO;
        names ??= 'cliente';
      }
      if ('documentos' in body) {
        body.documentos = [document];
        names ??= 'cliente';
      }
      if ('ids' in body) {
        body.ids = [client.CLI_CODIGO, cedulaClient.CLI_CODIGO];
        bulk = !names;
      }
      if (typeof body.nombre === 'string') body.nombre = marker;
      options.payload = body;
    } else if (method === 'POST' && /documentos|import/.test(path)) {
      const form = multipart('current', 'contrato.pdf', PDF, 'application/pdf');
      options.payload = form.payload;
      options.headers = form.headers;
    }
    return { options, names, bulk };
  }

  const send = (options: InjectOptions, token?: string) =>
    t.app.inject({ ...options, headers: { ...options.headers, ...(token ? { 'x-token': token } : {}) } });
  const show = (method: string, path: string) => `${method} ${path}`;

  it('recorre las operaciones del documento: 401 sin sesión, 403 de administración, 404 con el registro de otra empresa o de otro vendedor', async () => {
    const failures: string[] = [];
    const walked: string[] = [];
    const before = (await send({ method: 'GET', url: `/api/clientes/${client.CLI_CODIGO}` }, tokenA)).json();
    for (const { method, path, op } of operations) {
      const { options, names, bulk } = build(method, path, op);
      const route = show(method, path);
      walked.push(names ? `${route} (${names})` : bulk ? `${route} (lote)` : route);
      if (!op.security) failures.push(`${route}: sin token en el documento (security)`);
      const anonymous = await send(options);
      if (anonymous.statusCode !== 401) failures.push(`${route} sin sesión: ${anonymous.statusCode}`);
      const administration = await send(options, adminToken);
      if (administration.statusCode !== 403) failures.push(`${route} con token de administración: ${administration.statusCode}`);

      const other = await send(options, tokenB);
      if (names) {
        if (other.statusCode !== 404)
          failures.push(`${route} de la empresa B con el ${names} de A: ${other.statusCode} ${other.body.slice(0, 120)}`);
        if (names !== 'usuario') {
          const notTheirs = await send(options, seller);
          if (notTheirs.statusCode !== 404)
            failures.push(
              `${route} de un vendedor de A con un ${names} que no es suyo: ${notTheirs.statusCode} ${notTheirs.body.slice(0, 120)}`,
            );
        }
        if (method === 'GET' && names !== 'documento') {
          const own = await send(options, tokenA);
          if (own.statusCode !== 200) failures.push(`${route} de la propia empresa A: ${own.statusCode} (el 404 no probaría nada)`);
        }
      } else if (bulk) {
        // Refused, or answered without touching A's clients (checked again at the end).
        if (other.statusCode < 300 && other.json().actualizados !== 0) failures.push(`${route} de B cambió clientes de A: ${other.body}`);
      } else if (method === 'GET' && other.body.includes(marker)) {
        failures.push(`${route} de la empresa B muestra el cliente de A`);
      }
      // 503: a lookup whose outside services are not configured here ("no hay disponibilidad en el SRI").
      if (other.statusCode >= 500 && other.statusCode !== 503) failures.push(`${route} de la empresa B: ${other.statusCode}`);
    }
    console.log(`aislamiento (${kind}): ${walked.length} operaciones\n  ${walked.join('\n  ')}`);
    expect(failures, `${failures.length} fallas`).toEqual([]);
    // The walk covers at least the clients book's own routes.
    for (const route of ['GET /api/clientes/{id}', 'PUT /api/clientes/{CLI_CODIGO}', 'DELETE /api/clientes/{id}', 'PUT /api/clientes/lote'])
      expect(walked.map((w) => w.replace(/ \(.*\)$/, ''))).toContain(route);
    expect(walked.length).toBeGreaterThanOrEqual(15);
    // Nothing of A changed: the client, its document.
    expect((await send({ method: 'GET', url: `/api/clientes/${client.CLI_CODIGO}` }, tokenA)).json()).toEqual(before);
    expect(await t.db.select().from(clientesDocumentos).where(eq(clientesDocumentos.CDO_ID, document))).toHaveLength(1);
  }, 120_000);
});
