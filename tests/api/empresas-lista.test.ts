import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { administradores, empresas, empresasHistorial } from '../../server/infra/db/schema';
import { DEMO } from '../../server/infra/db/demo-accounts';
import { MSG } from '../../domain/messages';
import { hoyEcuador, sumarDias } from '../../domain/fechas';
import { ESTIMATED_TOTAL_HEADER } from '../../domain/listas';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { API, COMPANIES, loginAdmin, newRuc } from '../helpers/accounts';
import { companyToken } from '../helpers/soporte-api';

type Fila = {
  EMP_CODIGO: number;
  EMP_RUC: string;
  EMP_NOMBRE: string;
  EMP_NOMBREC: string;
  EMP_ACTIVO: boolean;
  EMP_COMPROBACION: string;
  EMP_DISTRIBUIDOR: number | null;
  DISTRIBUIDOR_NOMBRE: string | null;
  EMP_PLAN_CADUCA: string | null;
  planEstado: string;
  firmaEstado: string;
};

const day = (offset: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guayaquil' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
};

describe.each(testDatabases)('empresas: lista, búsqueda, exportación y acciones en lote (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let distributor: string;
  let distributorId: number;
  let company: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const [a, d] = await Promise.all([loginAdmin(t), loginAdmin(t, DEMO.distribuidor)]);
    [admin, adminId, distributor, distributorId] = [a.token, a.ADM_CODIGO, d.token, d.ADM_CODIGO];
    company = await companyToken(t);
  });
  afterAll(() => t?.close());

  const as = (token: string | null) => (token ? { 'x-token': token } : {});
  const get = (url: string, token: string | null = admin) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: as(token) });
  const send = (method: 'POST' | 'PUT', url: string, payload: object, token: string | null = admin) =>
    t.app.inject({ method, url: `${API}${url}`, payload, headers: as(token) });
  const qs = (query: Record<string, unknown>) =>
    new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])));
  const list = (query: Record<string, unknown>, token = admin) => get(`/empresas?${qs(query)}`, token);

  /** A word no other test uses: each test's companies carry it in their names, and its searches look for it. */
  const tag = () => `Prueba${String(randomInt(0, 1e9)).padStart(9, '0')}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

  async function createCompanies(word: string, rows: Array<Partial<typeof empresas.$inferInsert>>) {
    return t.db
      .insert(empresas)
      .values(
        rows.map((row, i) => ({
          EMP_RUC: newRuc(),
          EMP_NOMBRE: `${word.toUpperCase()} ${i} S.A.`,
          EMP_NOMBREC: `${word} ${i}`,
          EMP_CORREO: `empresa${i}@${word.toLowerCase()}.ec`,
          ...row,
        })),
      )
      .returning();
  }

  describe('acceso', () => {
    const routes: Array<[string, string, object?]> = [
      ['GET', '/empresas'],
      ['GET', '/empresas/empresasPaginacion/1'],
      ['GET', '/empresas/buscarEmpresa/andina'],
      ['POST', '/empresas/nombre', { nombre: 'andina' }],
      ['GET', '/empresas/resumen'],
      ['GET', '/empresas/exportar?formato=csv'],
      ['PUT', '/empresas/lote', { ids: [1], accion: 'activar' }],
      ['GET', '/empresas/distribuidores'],
    ];
    it.each(routes)('%s %s: sin token 401, con token de empresa 403', async (method, url, body) => {
      const call = (token: string | null) =>
        t.app.inject({ method: method as 'GET', url: `${API}${url}`, headers: as(token), ...(body ? { payload: body } : {}) });
      const anonymous = await call(null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().msg).toBe(MSG.notAuthenticated);
      const asCompany = await call(company);
      expect(asCompany.statusCode).toBe(403);
      expect(asCompany.json().msg).toBe(MSG.adminOnly);
    });

    it('GET empresas/distribuidores: solo administradores; lista los usuarios con perfil distribuidor', async () => {
      const denied = await get('/empresas/distribuidores', distributor);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().msg).toBe(MSG.forbidden);
      const res = await get('/empresas/distribuidores');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toContainEqual({ ADM_CODIGO: distributorId, ADM_NOMBRE: expect.any(String), ADM_ACTIVO: true });
      expect(res.json().map((d: { ADM_CODIGO: number }) => d.ADM_CODIGO)).not.toContain(adminId);
    });
  });

  describe('GET empresas', () => {
    it('un administrador ve todas las empresas; un distribuidor solo las suyas, aunque pida otro distribuidor', async () => {
      const all = await list({ range: [0, 499] });
      expect(all.statusCode).toBe(200);
      const rucs = all.json().map((r: Fila) => r.EMP_RUC);
      expect(rucs).toEqual(expect.arrayContaining([COMPANIES.andina.ruc, COMPANIES.tornillo.ruc, COMPANIES.costa.ruc]));
      expect(all.headers['content-range']).toMatch(/^empresas 0-\d+\/\d+$/);
      expect(all.headers[ESTIMATED_TOTAL_HEADER.toLowerCase()]).toBeUndefined();

      const own = await list({ range: [0, 499] }, distributor);
      expect(own.statusCode).toBe(200);
      const ownRows: Fila[] = own.json();
      expect(ownRows.map((r) => r.EMP_RUC)).toEqual(expect.arrayContaining([COMPANIES.andina.ruc, COMPANIES.tornillo.ruc]));
      expect(ownRows.every((r) => r.EMP_DISTRIBUIDOR === distributorId)).toBe(true);
      expect(ownRows.map((r) => r.EMP_RUC)).not.toContain(COMPANIES.costa.ruc);

      const widened = await list({ filter: { EMP_DISTRIBUIDOR: adminId } }, distributor);
      expect(widened.statusCode).toBe(200);
      expect(widened.json()).toEqual([]);
    });

    it('filtra por verificación, activa y distribuidor; cada fila trae el nombre del distribuidor', async () => {
      const word = tag();
      const made = await createCompanies(word, [
        { EMP_COMPROBACION: 'PENDIENTE', EMP_ACTIVO: true, EMP_DISTRIBUIDOR: distributorId },
        { EMP_COMPROBACION: 'VERIFICADA', EMP_ACTIVO: false },
        { EMP_COMPROBACION: 'RECHAZADA', EMP_ACTIVO: true },
      ]);
      const codes = async (filter: Record<string, unknown>) =>
        ((await list({ filter: { q: word, ...filter } })).json() as Fila[]).map((r) => r.EMP_CODIGO).sort((a, b) => a - b);
      const [pendiente, verificada, rechazada] = made.map((m) => m.EMP_CODIGO);
      expect(await codes({ EMP_COMPROBACION: 'PENDIENTE' })).toEqual([pendiente]);
      expect(await codes({ EMP_COMPROBACION: ['VERIFICADA', 'RECHAZADA'] })).toEqual([verificada, rechazada]);
      expect(await codes({ EMP_ACTIVO: false })).toEqual([verificada]);
      expect(await codes({ EMP_DISTRIBUIDOR: distributorId })).toEqual([pendiente]);
      const [row] = (await list({ filter: { id: [pendiente] } })).json() as Fila[];
      const [dist] = await t.db.select().from(administradores).where(eq(administradores.ADM_CODIGO, distributorId));
      expect(row.DISTRIBUIDOR_NOMBRE).toBe(dist.ADM_NOMBRE);
    });

    it('filtra por estado del plan y de la firma (vigente, por vencer en 30 días, vencido, sin) y lo informa en cada fila', async () => {
      const word = tag();
      const made = await createCompanies(word, [
        { EMP_PLAN_CADUCA: day(200), EMP_FIRMA_CADUCA: day(-1) },
        { EMP_PLAN_CADUCA: day(30), EMP_FIRMA_CADUCA: day(0) },
        { EMP_PLAN_CADUCA: day(-1), EMP_FIRMA_CADUCA: day(31) },
        { EMP_PLAN_CADUCA: null, EMP_FIRMA_CADUCA: null },
      ]);
      const ids = made.map((m) => m.EMP_CODIGO);
      const codes = async (filter: Record<string, unknown>) =>
        ((await list({ filter: { q: word, ...filter } })).json() as Fila[]).map((r) => r.EMP_CODIGO);
      expect(await codes({ plan: 'vigente' })).toEqual([ids[0]]);
      expect(await codes({ plan: 'por_vencer' })).toEqual([ids[1]]);
      expect(await codes({ plan: 'vencido' })).toEqual([ids[2]]);
      expect(await codes({ plan: 'sin' })).toEqual([ids[3]]);
      expect(await codes({ firma: 'vencido' })).toEqual([ids[0]]);
      expect(await codes({ firma: 'por_vencer' })).toEqual([ids[1]]);
      expect(await codes({ firma: 'vigente' })).toEqual([ids[2]]);
      expect(await codes({ firma: 'sin', plan: 'sin' })).toEqual([ids[3]]);
      const rows = (await list({ filter: { q: word }, sort: ['EMP_CODIGO', 'ASC'] })).json() as Fila[];
      expect(rows.map((r) => [r.planEstado, r.firmaEstado])).toEqual([
        ['vigente', 'vencido'],
        ['por_vencer', 'por_vencer'],
        ['vencido', 'vigente'],
        ['sin', 'sin'],
      ]);
    });

    it('el mismo filtro por estado del plan, pedido antes y después de la medianoche de Ecuador, sigue al día', async () => {
      // The list remembers a request's conditions (core/list/cache.ts knownRequest); "vencido" must not keep yesterday's today.
      // The clock goes back to the last midnight in Ecuador (UTC-5), not forward: PGlite's now() follows Date too, and a
      // sign-in in the future would clean up every session that had not expired by then.
      const word = tag();
      const today = hoyEcuador();
      const yesterday = sumarDias(today, -1);
      const [company] = await createCompanies(word, [{ EMP_PLAN_CADUCA: yesterday }]);
      const codes = async (plan: string) => ((await list({ filter: { q: word, plan } })).json() as Fila[]).map((r) => r.EMP_CODIGO);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(new Date(`${today}T04:59:00Z`)); // 23:59 of yesterday in Ecuador
        expect(await codes('por_vencer')).toEqual([company.EMP_CODIGO]);
        expect(await codes('vencido')).toEqual([]);
        vi.setSystemTime(new Date(`${today}T05:01:00Z`)); // 00:01 of today
        expect(await codes('vencido')).toEqual([company.EMP_CODIGO]);
        expect(await codes('por_vencer')).toEqual([]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('ordena por cada columna mostrada, en ambos sentidos', async () => {
      const word = tag();
      await createCompanies(word, [
        { EMP_NOMBREC: `${word} Beta`, EMP_NOMBRE: `ZETA ${word}`, EMP_PLAN_CADUCA: day(5), EMP_ACTIVO: false },
        { EMP_NOMBREC: `${word} Alfa`, EMP_NOMBRE: `ALFA ${word}`, EMP_PLAN_CADUCA: null, EMP_COMPROBACION: 'VERIFICADA' },
        { EMP_NOMBREC: `${word} Gamma`, EMP_NOMBRE: `MEDIO ${word}`, EMP_PLAN_CADUCA: day(-5) },
      ]);
      const sorted = async (field: string, order: 'ASC' | 'DESC') => {
        const res = await list({ filter: { q: word }, sort: [field, order] });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Array<Record<string, unknown>>;
      };
      expect((await sorted('EMP_NOMBREC', 'ASC')).map((r) => r.EMP_NOMBREC)).toEqual([`${word} Alfa`, `${word} Beta`, `${word} Gamma`]);
      expect((await sorted('EMP_NOMBRE', 'DESC')).map((r) => r.EMP_NOMBRE)).toEqual([`ZETA ${word}`, `MEDIO ${word}`, `ALFA ${word}`]);
      expect((await sorted('EMP_PLAN_CADUCA', 'ASC')).map((r) => r.EMP_PLAN_CADUCA)).toEqual([day(-5), day(5), null]);
      expect((await sorted('EMP_ACTIVO', 'ASC')).map((r) => r.EMP_ACTIVO)).toEqual([false, true, true]);
      expect((await sorted('EMP_COMPROBACION', 'DESC'))[0].EMP_COMPROBACION).toBe('VERIFICADA');
      const rucs = (await sorted('EMP_RUC', 'ASC')).map((r) => r.EMP_RUC as string);
      expect(rucs).toEqual([...rucs].sort());
      for (const field of ['EMP_CODIGO', 'EMP_FECHAREGISTRO', 'EMP_FIRMA_CADUCA']) expect(await sorted(field, 'DESC')).toHaveLength(3);
    });

    it('filtros, orden y rango inválidos: 400 con el motivo en español', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ filter: { EMP_COMPROBACION: 'APROBADA' } }, 'El filtro EMP_COMPROBACION no es válido'],
        [{ filter: { plan: 'caducado' } }, 'El filtro plan debe ser vigente, por_vencer, vencido, sin'],
        [{ filter: { firma: 3 } }, 'El filtro firma debe ser vigente, por_vencer, vencido, sin'],
        [{ filter: { EMP_ACTIVO: 'si' } }, 'El filtro EMP_ACTIVO no es válido'],
        [{ filter: { EMP_DISTRIBUIDOR: 'x' } }, 'El filtro EMP_DISTRIBUIDOR no es válido'],
        [{ filter: { EMP_CLAVE: 1 } }, 'El filtro EMP_CLAVE no existe'],
        [{ filter: '{roto' }, 'El parámetro filter no es un JSON válido'],
        [{ sort: ['EMP_CORREO', 'ASC'] }, 'Solo se puede ordenar por EMP_CODIGO, EMP_RUC'],
        [{ sort: ['EMP_RUC', 'ARRIBA'] }, 'Solo se puede ordenar por'],
        [{ range: [10, 5] }, 'El parámetro range debe ser [desde, hasta]'],
      ];
      for (const [query, msg] of cases) {
        const res = await list(query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json().msg).toContain(msg);
      }
    });
  });

  describe('búsqueda', () => {
    it('sin distinguir tildes ni mayúsculas ("jose" encuentra "JOSÉ"), por RUC (prefijo) en la lista, buscarEmpresa y nombre', async () => {
      const word = tag();
      const [jose, otra] = await createCompanies(word, [
        { EMP_NOMBRE: `JOSÉ MUÑOZ ${word.toUpperCase()} CÍA. LTDA.`, EMP_NOMBREC: `Ferretería ${word}` },
        { EMP_NOMBRE: `OTRA ${word.toUpperCase()} S.A.`, EMP_NOMBREC: `Otra ${word}` },
      ]);
      const q = `jose munoz ${word.toLowerCase()}`;
      expect((await list({ filter: { q } })).json().map((r: Fila) => r.EMP_CODIGO)).toEqual([jose.EMP_CODIGO]);
      expect((await list({ filter: { q: `FERRETERIA ${word}` } })).json().map((r: Fila) => r.EMP_CODIGO)).toEqual([jose.EMP_CODIGO]);
      const found = await get(`/empresas/buscarEmpresa/${encodeURIComponent(q)}`);
      expect(found.statusCode).toBe(200);
      expect(found.json().map((r: Fila) => r.EMP_CODIGO)).toEqual([jose.EMP_CODIGO]);
      const byRuc = await get(`/empresas/buscarEmpresa/${otra.EMP_RUC.slice(0, 10)}`);
      expect(byRuc.json().map((r: Fila) => r.EMP_CODIGO)).toEqual([otra.EMP_CODIGO]);
      expect((await list({ filter: { q: otra.EMP_RUC.slice(0, 9) } })).json().map((r: Fila) => r.EMP_CODIGO)).toContain(otra.EMP_CODIGO);

      const byName = await send('POST', `/empresas/nombre?${qs({ filter: { EMP_ACTIVO: true }, sort: ['EMP_NOMBRE', 'ASC'] })}`, {
        nombre: word.toLowerCase(),
      });
      expect(byName.statusCode).toBe(200);
      expect(byName.json().map((r: Fila) => r.EMP_CODIGO)).toEqual([jose.EMP_CODIGO, otra.EMP_CODIGO]);
      expect(byName.headers['content-range']).toBe('empresas 0-1/2');
      // A search for "%" or "_" looks for the character, not for everything.
      expect((await list({ filter: { q: `${word}%` } })).json()).toEqual([]);
    });

    it('un distribuidor solo encuentra sus empresas; errores de entrada 400', async () => {
      const word = tag();
      const [own, other] = await createCompanies(word, [{ EMP_DISTRIBUIDOR: distributorId }, { EMP_DISTRIBUIDOR: null }]);
      expect((await list({ filter: { q: word } }, distributor)).json().map((r: Fila) => r.EMP_CODIGO)).toEqual([own.EMP_CODIGO]);
      expect((await get(`/empresas/buscarEmpresa/${word}`, distributor)).json().map((r: Fila) => r.EMP_CODIGO)).toEqual([own.EMP_CODIGO]);
      expect((await get(`/empresas/buscarEmpresa/${other.EMP_RUC}`, distributor)).json()).toEqual([]);
      const named = await send('POST', '/empresas/nombre', { nombre: word }, distributor);
      expect(named.json().map((r: Fila) => r.EMP_CODIGO)).toEqual([own.EMP_CODIGO]);

      const blank = await send('POST', '/empresas/nombre', { nombre: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().msg).toBe(MSG.required('nombre'));
      const missing = await send('POST', '/empresas/nombre', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().msg).toBe(MSG.required('nombre'));
      const badFilter = await send('POST', `/empresas/nombre?${qs({ filter: { plan: 'x' } })}`, { nombre: word });
      expect(badFilter.statusCode).toBe(400);
      expect(badFilter.json().msg).toContain('El filtro plan');
      const spaces = await get('/empresas/buscarEmpresa/%20%20');
      expect(spaces.statusCode).toBe(400);
      expect(spaces.json().msg).toBe(MSG.required('term'));
    });
  });

  describe('GET empresas/empresasPaginacion/{id}', () => {
    it('páginas de 20 de las empresas visibles; filtro=true solo las que esperan verificación; otro id 403', async () => {
      const word = tag();
      await createCompanies(
        word,
        Array.from({ length: 3 }, () => ({ EMP_COMPROBACION: 'PENDIENTE', EMP_DISTRIBUIDOR: distributorId })),
      );
      const page = await get(`/empresas/empresasPaginacion/${adminId}?page=1`);
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.empresas).toHaveLength(Math.min(20, body.total));
      expect(body).toMatchObject({ pagina: 1, porPagina: 20, totalEstimado: false, paginas: Math.ceil(body.total / 20) });
      const [{ n }] = await t.db.select({ n: sql<number>`count(*)::int` }).from(empresas);
      expect(body.total).toBe(n);

      const pending = (await get(`/empresas/empresasPaginacion/${adminId}?page=1&filtro=true`)).json();
      expect(pending.empresas.length).toBeGreaterThanOrEqual(3);
      expect(pending.empresas.every((r: Fila) => r.EMP_COMPROBACION === 'PENDIENTE')).toBe(true);

      const own = (await get(`/empresas/empresasPaginacion/${distributorId}?page=1&filtro=true`, distributor)).json();
      expect(own.empresas.every((r: Fila) => r.EMP_DISTRIBUIDOR === distributorId)).toBe(true);
      expect(own.empresas.map((r: Fila) => r.EMP_NOMBREC)).toEqual(expect.arrayContaining([`${word} 0`, `${word} 1`, `${word} 2`]));

      const beyond = (await get(`/empresas/empresasPaginacion/${adminId}?page=100000`)).json();
      expect(beyond.empresas).toEqual([]);

      for (const [url, token] of [
        [`/empresas/empresasPaginacion/${distributorId}?page=1`, admin],
        [`/empresas/empresasPaginacion/${adminId}?page=1`, distributor],
      ] as const) {
        const res = await get(url, token);
        expect(res.statusCode).toBe(403);
        expect(res.json().msg).toBe(MSG.forbidden);
      }
      for (const query of ['page=0', 'page=dos', 'filtro=quizas']) {
        const res = await get(`/empresas/empresasPaginacion/${adminId}?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().msg).toMatch(/page|filtro/);
      }
    });
  });

  describe('GET empresas/resumen', () => {
    it('cuenta por verificación, activas y suspendidas (de los contadores); un distribuidor solo las suyas', async () => {
      const count = async (where?: ReturnType<typeof eq>) => {
        const rows = await t.db
          .select({ estado: empresas.EMP_COMPROBACION, activo: empresas.EMP_ACTIVO, n: sql<number>`count(*)::int` })
          .from(empresas)
          .where(where)
          .groupBy(empresas.EMP_COMPROBACION, empresas.EMP_ACTIVO);
        const sum = (keep: (r: (typeof rows)[number]) => boolean) => rows.filter(keep).reduce((s, r) => s + r.n, 0);
        return {
          total: sum(() => true),
          activas: sum((r) => r.activo),
          suspendidas: sum((r) => !r.activo),
          porComprobacion: {
            PENDIENTE: sum((r) => r.estado === 'PENDIENTE'),
            VERIFICADA: sum((r) => r.estado === 'VERIFICADA'),
            RECHAZADA: sum((r) => r.estado === 'RECHAZADA'),
          },
        };
      };
      await createCompanies(tag(), [{ EMP_ACTIVO: false, EMP_DISTRIBUIDOR: distributorId, EMP_COMPROBACION: 'RECHAZADA' }]);
      const all = await get('/empresas/resumen');
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual(await count());
      const own = await get('/empresas/resumen', distributor);
      expect(own.json()).toEqual(await count(eq(empresas.EMP_DISTRIBUIDOR, distributorId)));
      expect(own.json().suspendidas).toBeGreaterThanOrEqual(1);
    });
  });

  describe('GET empresas/exportar', () => {
    const rowsToCreate = 1_234;
    let word: string;
    let expected: Array<typeof empresas.$inferSelect>;

    beforeAll(async () => {
      word = tag();
      // More rows than a page (500) and than a batch (1 000), some without a plan date, half for the distributor.
      await createCompanies(
        word,
        Array.from({ length: rowsToCreate }, (_, i) => ({
          EMP_NOMBREC: `${word} ${String(i % 97).padStart(2, '0')} Ñandú`,
          EMP_PLAN_CADUCA: i % 5 === 0 ? null : day((i * 37) % 400),
          EMP_DISTRIBUIDOR: i % 2 ? distributorId : null,
          EMP_TELEFONO: i === 0 ? '=1+2' : '022345678',
        })),
      );
      expected = await t.db
        .select()
        .from(empresas)
        .where(like(empresas.EMP_NOMBREC, `${word} %`))
        .orderBy(sql`${empresas.EMP_PLAN_CADUCA} ASC NULLS LAST`, asc(empresas.EMP_CODIGO));
    });

    const exportUrl = (formato: string, query: Record<string, unknown> = {}) =>
      `/empresas/exportar?${qs({ formato, filter: { q: word }, ...query })}`;

    it('CSV: toda la lista filtrada (más que una página), con BOM, encabezados en español, en el orden pedido', async () => {
      const res = await get(exportUrl('csv', { sort: ['EMP_PLAN_CADUCA', 'ASC'] }));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="(empresas-\d{4}-\d{2}-\d{2}\.csv)"; filename\*=UTF-8''\1$/,
      );
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const parsed = Papa.parse<string[]>(res.body.slice(1), { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const [header, ...rows] = parsed.data;
      expect(header).toEqual([
        'RUC',
        'Razón social',
        'Nombre comercial',
        'Correo',
        'Teléfono',
        'Verificación',
        'Activa',
        'Distribuidor',
        'Plan vence',
        'Firma vence',
        'Registro',
      ]);
      expect(rows).toHaveLength(rowsToCreate);
      expect(rows.map((r) => r[0])).toEqual(expected.map((e) => e.EMP_RUC));
      expect(rows.map((r) => r[8])).toEqual(expected.map((e) => e.EMP_PLAN_CADUCA ?? ''));
      expect(rows[0][6]).toMatch(/^(Sí|No)$/);
      expect(rows.find((r) => r[0] === expected.find((e) => e.EMP_TELEFONO === '=1+2')!.EMP_RUC)![4]).toBe("'=1+2");
      expect(rows.some((r) => r[2].endsWith('Ñandú'))).toBe(true);
    });

    it('Excel: el mismo contenido, legible por exceljs; un distribuidor solo exporta sus empresas', async () => {
      const res = await get(exportUrl('xlsx', { sort: ['EMP_NOMBREC', 'DESC'] }), distributor);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toMatch(/filename="empresas-\d{4}-\d{2}-\d{2}\.xlsx"/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Empresas')!;
      const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
      expect(values[0].slice(1)).toEqual(expect.arrayContaining(['RUC', 'Razón social', 'Plan vence']));
      const rows = values.slice(1).map((v) => v.slice(1) as string[]);
      const own = expected.filter((e) => e.EMP_DISTRIBUIDOR === distributorId);
      expect(rows).toHaveLength(own.length);
      expect(new Set(rows.map((r) => r[0]))).toEqual(new Set(own.map((e) => e.EMP_RUC)));
      const names = rows.map((r) => r[2]);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
      expect(rows.every((r) => r[7] !== '')).toBe(true);
    });

    it('filtro u orden inválidos, o formato desconocido: 400 antes de empezar el archivo', async () => {
      for (const [url, msg] of [
        [exportUrl('pdf'), 'formato'],
        [exportUrl('csv', { filter: { plan: 'nunca' } }), 'El filtro plan'],
        [exportUrl('csv', { sort: ['EMP_CLAVE', 'ASC'] }), 'Solo se puede ordenar por'],
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().msg).toContain(msg);
      }
    });
  });

  describe('PUT empresas/lote', () => {
    const historyOf = (ids: number[]) =>
      t.db.select().from(empresasHistorial).where(inArray(empresasHistorial.EMP_CODIGO, ids)).orderBy(asc(empresasHistorial.HIS_ID));
    const stateOf = async (ids: number[]) =>
      (await t.db.select().from(empresas).where(inArray(empresas.EMP_CODIGO, ids)).orderBy(asc(empresas.EMP_CODIGO))).map((e) => ({
        activo: e.EMP_ACTIVO,
        distribuidor: e.EMP_DISTRIBUIDOR,
        version: e.EMP_VERSION,
      }));

    it('suspende y activa: cuenta solo las que cambian, sube la versión y deja una entrada por empresa en el historial', async () => {
      const made = await createCompanies(tag(), [{ EMP_ACTIVO: true }, { EMP_ACTIVO: true }, { EMP_ACTIVO: false }]);
      const ids = made.map((m) => m.EMP_CODIGO);
      const res = await send('PUT', '/empresas/lote', { ids, accion: 'suspender' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ cambiadas: 2, msg: '2 empresas actualizadas' });
      expect(await stateOf(ids)).toEqual([
        { activo: false, distribuidor: null, version: 2 },
        { activo: false, distribuidor: null, version: 2 },
        { activo: false, distribuidor: null, version: 1 },
      ]);
      const history = await historyOf(ids);
      expect(history.map((h) => [h.EMP_CODIGO, h.HIS_ACCION, h.HIS_ANTES, h.HIS_DESPUES, h.HIS_USUARIO])).toEqual([
        [ids[0], 'estado', { EMP_ACTIVO: true }, { EMP_ACTIVO: false }, DEMO.admin.usuario],
        [ids[1], 'estado', { EMP_ACTIVO: true }, { EMP_ACTIVO: false }, DEMO.admin.usuario],
      ]);
      const back = await send('PUT', '/empresas/lote', { ids: [ids[0]], accion: 'activar' });
      expect(back.json()).toEqual({ cambiadas: 1, msg: '1 empresa actualizada' });
      expect((await stateOf([ids[0]]))[0].activo).toBe(true);
    });

    it('asigna y quita distribuidor (solo administradores); un distribuidor puede suspender las suyas', async () => {
      const made = await createCompanies(tag(), [{}, {}]);
      const ids = made.map((m) => m.EMP_CODIGO);
      const assigned = await send('PUT', '/empresas/lote', { ids, accion: 'distribuidor', distribuidor: distributorId });
      expect(assigned.json().cambiadas).toBe(2);
      expect((await stateOf(ids)).map((s) => s.distribuidor)).toEqual([distributorId, distributorId]);
      const history = await historyOf(ids);
      expect(history.map((h) => [h.HIS_ACCION, h.HIS_DESPUES])).toEqual([
        ['distribuidor', { EMP_DISTRIBUIDOR: distributorId }],
        ['distribuidor', { EMP_DISTRIBUIDOR: distributorId }],
      ]);

      const byDistributor = await send('PUT', '/empresas/lote', { ids, accion: 'suspender' }, distributor);
      expect(byDistributor.json().cambiadas).toBe(2);
      const denied = await send('PUT', '/empresas/lote', { ids, accion: 'distribuidor', distribuidor: null }, distributor);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().msg).toBe(MSG.forbidden);

      const removed = await send('PUT', '/empresas/lote', { ids: [ids[0]], accion: 'distribuidor', distribuidor: null });
      expect(removed.json().cambiadas).toBe(1);
      expect((await stateOf([ids[0]]))[0].distribuidor).toBeNull();
    });

    it('un id ajeno o inexistente: 404 y no cambia ninguna; entradas inválidas: 400', async () => {
      const [own, other] = await createCompanies(tag(), [{ EMP_DISTRIBUIDOR: distributorId }, { EMP_DISTRIBUIDOR: null }]);
      const before = await stateOf([own.EMP_CODIGO, other.EMP_CODIGO]);
      for (const [ids, token] of [
        [[own.EMP_CODIGO, other.EMP_CODIGO], distributor],
        [[own.EMP_CODIGO, 2147483000], admin],
      ] as const) {
        const res = await send('PUT', '/empresas/lote', { ids, accion: 'suspender' }, token);
        expect(res.statusCode).toBe(404);
        expect(res.json().msg).toBe(MSG.notFound);
      }
      expect(await stateOf([own.EMP_CODIGO, other.EMP_CODIGO])).toEqual(before);
      expect(await historyOf([own.EMP_CODIGO, other.EMP_CODIGO])).toEqual([]);

      const cases: Array<[object, string]> = [
        [{ ids: [], accion: 'activar' }, 'El campo ids debe ser una lista de 1 a 500 códigos de empresa'],
        [
          { ids: Array.from({ length: 501 }, (_, i) => i + 1), accion: 'activar' },
          'El campo ids debe ser una lista de 1 a 500 códigos de empresa',
        ],
        [{ ids: [own.EMP_CODIGO], accion: 'borrar' }, 'El campo accion tiene un valor no permitido'],
        [{ ids: [own.EMP_CODIGO] }, MSG.required('accion')],
        [{ ids: [own.EMP_CODIGO], accion: 'distribuidor' }, MSG.required('distribuidor')],
        [{ ids: [own.EMP_CODIGO], accion: 'distribuidor', distribuidor: adminId }, 'El distribuidor elegido no existe'],
        [{ ids: [own.EMP_CODIGO], accion: 'distribuidor', distribuidor: 'x' }, 'El campo distribuidor debe ser un código o null'],
      ];
      for (const [body, msg] of cases) {
        const res = await send('PUT', '/empresas/lote', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().msg).toBe(msg);
      }
      expect(await stateOf([own.EMP_CODIGO, other.EMP_CODIGO])).toEqual(before);
    });

    it('el resumen sigue a las acciones en lote', async () => {
      const made = await createCompanies(tag(), [{ EMP_DISTRIBUIDOR: distributorId }]);
      const before = (await get('/empresas/resumen', distributor)).json();
      await send('PUT', '/empresas/lote', { ids: [made[0].EMP_CODIGO], accion: 'suspender' });
      const after = (await get('/empresas/resumen', distributor)).json();
      expect(after.suspendidas).toBe(before.suspendidas + 1);
      expect(after.activas).toBe(before.activas - 1);
      expect(
        await t.db
          .select()
          .from(empresas)
          .where(and(eq(empresas.EMP_CODIGO, made[0].EMP_CODIGO), eq(empresas.EMP_ACTIVO, false))),
      ).toHaveLength(1);
    });
  });
});
