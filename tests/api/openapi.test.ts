import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API } from '../helpers/accounts';

type Operation = { summary?: string; tags?: string[]; requestBody?: unknown; responses?: Record<string, unknown> };
type OpenApiDocument = {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

describe.each(testDatabases)('documentación de la API (%s)', (kind) => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('GET /api/docs/json es un documento OpenAPI 3.x', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toBe('Amelia API');
    expect(doc.components?.securitySchemes).toHaveProperty('token', { type: 'apiKey', in: 'header', name: 'x-token' });
  });

  it.each([
    ['/login', 'post'],
    ['/loginAdmin', 'post'],
    ['/loginDistribuidor', 'post'],
    ['/registro', 'post'],
    ['/registro/pago/{empresa}/{ruc}/{referencia}', 'post'],
    ['/recuperar', 'post'],
    ['/menuEmpresa', 'post'],
    ['/menus/menuAdmin', 'post'],
    ['/comprobarfirmaPlan/{empresa}/{eid}', 'get'],
    ['/miEmpresa', 'get'],
    ['/configuraciones/{id}', 'get'],
    ['/configuraciones/actualizar', 'put'],
  ])('documenta %s (%s) con resumen y respuestas', (path, method) => {
    const operation = doc.paths[`${API}${path}`]?.[method];
    expect(operation, `${method.toUpperCase()} ${API}${path}`).toBeDefined();
    expect(operation.summary).toEqual(expect.any(String));
    expect(Object.keys(operation.responses ?? {})).toContain('400');
  });

  it('documenta GET /configuraciones y GET /ingresos (rutas raíz de su área)', async () => {
    // Fastify reports a prefix's root route with a trailing slash; both spellings answer.
    for (const area of ['configuraciones', 'ingresos']) {
      const key = Object.keys(doc.paths).find((p) => p === `${API}/${area}` || p === `${API}/${area}/`);
      expect(key, area).toBeDefined();
      expect(doc.paths[key!]).toHaveProperty('get');
    }
    expect((await t.app.inject({ method: 'GET', url: `${API}/configuraciones` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${API}/configuraciones/` })).statusCode).toBe(200);
  });

  it('las rutas con token lo declaran (security token) y las públicas no', () => {
    const security = (path: string, method: string) => (doc.paths[`${API}${path}`]?.[method] as { security?: unknown }).security;
    for (const [path, method] of [
      ['/miEmpresa', 'get'],
      ['/menus/menuAdmin', 'post'],
      ['/productos/{id}', 'delete'],
      ['/soporte/{id}', 'get'],
    ]) {
      expect(security(path, method), `${method} ${path}`).toEqual([{ token: [] }]);
    }
    for (const [path, method] of [
      ['/login', 'post'],
      ['/registro', 'post'],
    ])
      expect(security(path, method), `${method} ${path}`).toBeUndefined();
  });

  it('el cuerpo del registro documenta sus campos obligatorios', () => {
    const body = doc.paths[`${API}/registro`].post.requestBody as { content: Record<string, { schema: { required: string[] } }> };
    expect(body.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['EMP_RUC', 'EMP_NOMBREC', 'EMP_NOMBRE', 'email', 'usuario', 'clave', 'terminos']),
    );
  });

  it('la interfaz de la documentación se sirve en /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
