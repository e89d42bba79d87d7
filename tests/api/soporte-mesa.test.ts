import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_FILE } from '../../domain/archivos';
import { count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { multipart, startTestApp, testSetups, type TestApp } from '../helpers/server';
import { MSG } from '../../domain/messages';
import { canTransition, TICKET_MSG, TICKET_STATES, TICKET_TRANSITIONS, type TicketState } from '../../domain/tickets';
import { archivos, asesores, soporte, soporteHistorial } from '../../server/infra/db/schema';
import { adminToken, API, companyToken, createTicket, fileOf, storedFiles } from '../helpers/soporte-api';

type History = {
  HIS_ACCION: string;
  HIS_DESCRIPCION: string;
  HIS_ESTADO_ANTERIOR: string | null;
  HIS_ESTADO_NUEVO: string | null;
  HIS_COMENTARIO: string | null;
  ADM_USUARIO: string;
  ADM_CODIGO: number | null;
};

describe.each(testSetups)('soporte: mesa de ayuda (%s, archivos en %s)', (kind, storage) => {
  let t: TestApp;
  let admin: string;
  let distributor: string;
  let company: string;
  let advisers: Array<typeof asesores.$inferSelect>;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { storage });
    [admin, distributor, company] = await Promise.all([adminToken(t), adminToken(t, 'distribuidor'), companyToken(t)]);
    advisers = await t.db.select().from(asesores).orderBy(asesores.ASE_CODIGO);
  });
  afterAll(() => t.close());

  const as = (token: string | null | undefined) => (token ? { 'x-token': token } : {});
  /** token null: no x-token header at all. */
  const get = (url: string, token: string | null = admin) => t.app.inject({ method: 'GET', url: `${API}${url}`, headers: as(token) });
  const put = (url: string, payload: object, token: string | null = admin) =>
    t.app.inject({ method: 'PUT', url: `${API}${url}`, payload, headers: as(token) });
  const list = (query: Record<string, unknown> = {}) =>
    get(`/soporte?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))}`);
  const setState = (id: number, SPT_ESTADO: string, comentario?: string) =>
    put(`/soporte/${id}`, { SPT_ESTADO, ...(comentario ? { comentario } : {}) });
  const uploadAse = (id: number, name: string, content: Buffer, token: string | null = admin) => {
    const form = multipart('current', name, content);
    return t.app.inject({
      method: 'POST',
      url: `${API}/soporte/docAse/${id}`,
      payload: form.payload,
      headers: { ...form.headers, ...as(token) },
    });
  };
  const historyOf = async (id: number): Promise<History[]> => (await get(`/soporte/${id}`)).json().historial;

  describe('acceso', () => {
    const deskRoutes: Array<[string, string, object?]> = [
      ['GET', '/soporte'],
      ['GET', '/soporte/resumen'],
      ['POST', '/soporte/nombre', { filtro: 'Lucía' }],
      ['GET', '/soporte/1'],
      ['PUT', '/soporte/1', { SPT_ESTADO: 'EN_PROCESO' }],
      ['PUT', '/soporte/soporte/1', { SPT_RESPUESTA: '<p>Hola</p>' }],
      ['DELETE', '/soporte/1'],
      ['POST', '/soporte/docAse/1'],
      ['GET', '/soporte/descargaCli/1'],
      ['GET', '/soporte/descargaAse/1'],
      ['POST', '/asesor/nombre', { filtro: 'a' }],
      ['GET', '/productos?all=1'],
      ['GET', '/productos/1'],
      ['POST', '/productos', { PROD_NOMBRE: 'X' }],
      ['PUT', '/productos/1', { PROD_NOMBRE: 'X' }],
    ];

    it.each(deskRoutes)('%s %s: sin token 401, con token de empresa o de ticket 403', async (method, url, payload) => {
      const { tokenArchivo } = await createTicket(t);
      const send = (headers: Record<string, string>) => {
        if (url.startsWith('/soporte/docAse')) {
          const form = multipart('current', 'a.zip', fileOf(10));
          return t.app.inject({ method: 'POST', url: `${API}${url}`, payload: form.payload, headers: { ...form.headers, ...headers } });
        }
        return t.app.inject({ method: method as 'GET', url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });
      };
      const none = await send({});
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({ msg: MSG.notAuthenticated });
      for (const token of [company, tokenArchivo]) {
        const res = await send({ 'x-token': token });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ msg: MSG.adminOnly });
      }
      expect((await send({ 'x-token': 'basura' })).statusCode).toBe(401);
    });

    it('un distribuidor usa la mesa de ayuda pero no puede eliminar tickets', async () => {
      const { SPT_ID } = await createTicket(t);
      expect((await get(`/soporte/${SPT_ID}`, distributor)).statusCode).toBe(200);
      expect((await put(`/soporte/${SPT_ID}`, { SPT_ESTADO: 'EN_PROCESO' }, distributor)).statusCode).toBe(200);
      const del = await t.app.inject({ method: 'DELETE', url: `${API}/soporte/${SPT_ID}`, headers: as(distributor) });
      expect(del.statusCode).toBe(403);
      expect(del.json()).toEqual({ msg: MSG.forbidden });
      expect((await historyOf(SPT_ID)).at(-1)).toMatchObject({ ADM_USUARIO: 'distribuidor', HIS_ESTADO_NUEVO: 'EN_PROCESO' });
    });
  });

  describe('un distribuidor solo ve y cambia los tickets de sus empresas', () => {
    // Comercial Andina and Ferretería El Tornillo belong to the demo distributor; Distribuidora Costa Azul does not.
    let own: number;
    let byCedula: number;
    let foreign: number;
    beforeAll(async () => {
      own = (await createTicket(t, { SPT_RUC: '1790016919001', SPT_CLIENTENOMBRE: 'Cliente Propio Andina' })).SPT_ID;
      byCedula = (await createTicket(t, { SPT_RUC: '1792060346', SPT_CLIENTENOMBRE: 'Cliente Propio Cedula' })).SPT_ID;
      foreign = (await createTicket(t, { SPT_RUC: '0992397535001', SPT_CLIENTENOMBRE: 'Cliente Ajeno Costa' })).SPT_ID;
    });
    const ids = (res: { json(): Array<{ SPT_ID: number }> }) => res.json().map((r) => r.SPT_ID);

    it('la lista solo trae los suyos (por RUC, o por la cédula de la persona natural dueña del RUC), con su total', async () => {
      const res = await get(`/soporte?range=${encodeURIComponent('[0,999]')}`, distributor);
      expect(res.statusCode).toBe(200);
      expect(ids(res)).toEqual(expect.arrayContaining([own, byCedula]));
      expect(ids(res)).not.toContain(foreign);
      expect(res.json().every((r: { SPT_RUC: string }) => ['1790016919001', '1792060346001', '1792060346'].includes(r.SPT_RUC))).toBe(true);
      expect(res.headers['content-range']).toMatch(new RegExp(`/${res.json().length}$`));
      expect(ids(await get(`/soporte?range=${encodeURIComponent('[0,999]')}`))).toContain(foreign);
    });

    it('el resumen cuenta solo sus tickets', async () => {
      const mine = (await get(`/soporte?range=${encodeURIComponent('[0,999]')}`, distributor)).json().length;
      const summary = (await get('/soporte/resumen', distributor)).json();
      expect(summary.total).toBe(mine);
      expect((await get('/soporte/resumen')).json().total).toBeGreaterThan(mine);
    });

    it('la búsqueda no encuentra tickets ajenos', async () => {
      const search = (filtro: string, token: string) =>
        t.app.inject({ method: 'POST', url: `${API}/soporte/nombre`, headers: as(token), payload: { filtro } });
      expect(ids(await search('Cliente Ajeno Costa', distributor))).toEqual([]);
      expect(ids(await search('0992397535001', distributor))).toEqual([]);
      expect(ids(await search(String(foreign), distributor))).toEqual([]);
      expect(ids(await search('Cliente Ajeno Costa', admin))).toContain(foreign);
      expect(ids(await search('Cliente Propio', distributor))).toEqual(expect.arrayContaining([own, byCedula]));
    });

    it('un ticket ajeno responde 404 al verlo, cambiarlo, responderlo, adjuntarle o descargar; el administrador sí llega', async () => {
      const form = multipart('current', 'a.zip', fileOf(10));
      const attempts = [
        () => get(`/soporte/${foreign}`, distributor),
        () => put(`/soporte/${foreign}`, { SPT_ESTADO: 'EN_PROCESO' }, distributor),
        () => put(`/soporte/soporte/${foreign}`, { SPT_RESPUESTA: '<p>Hola</p>' }, distributor),
        () =>
          t.app.inject({
            method: 'POST',
            url: `${API}/soporte/docAse/${foreign}`,
            payload: form.payload,
            headers: { ...form.headers, ...as(distributor) },
          }),
        () => get(`/soporte/descargaCli/${foreign}`, distributor),
        () => get(`/soporte/descargaAse/${foreign}`, distributor),
      ];
      for (const attempt of attempts) {
        const res = await attempt();
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual({ msg: TICKET_MSG.ticketNotFound(foreign) });
      }
      const ticket = (await get(`/soporte/${foreign}`)).json();
      expect(ticket.SPT_ESTADO).toBe('ABIERTO');
      expect(ticket.historial).toHaveLength(1);
      expect((await get(`/soporte/${byCedula}`, distributor)).statusCode).toBe(200);
    });

    it('no cambia configuraciones globales (su menú no tiene Configuraciones)', async () => {
      const res = await put('/configuraciones/actualizar', { CON_CODIGO: 9, CON_VALOR1: 'si' }, distributor);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: MSG.noAccess, code: 'SIN_ACCESO' });
    });
  });

  describe('lista, resumen y búsqueda', () => {
    let ids: number[];
    beforeAll(async () => {
      await t.db.delete(soporte);
      const specs = [
        { SPT_CLIENTENOMBRE: 'Ferretería El Tornillo', SPT_PRODUCTOS: 1, SPT_ASUNTO: 'stec', SPT_RUC: '1792060346001' },
        { SPT_CLIENTENOMBRE: 'María Lozano', SPT_PRODUCTOS: 2, SPT_ASUNTO: 'cptn', SPT_RUC: '0926687856' },
        { SPT_CLIENTENOMBRE: 'Comercial Andina', SPT_PRODUCTOS: 1, SPT_ASUNTO: 'admi', SPT_RUC: '1790016919001' },
        { SPT_CLIENTENOMBRE: 'Pedro 100% Vera_', SPT_PRODUCTOS: 4, SPT_ASUNTO: 'stec', SPT_RUC: '0602910945001' },
      ];
      ids = [];
      for (const spec of specs) ids.push((await createTicket(t, spec)).SPT_ID);
      await setState(ids[1], 'EN_PROCESO');
      await setState(ids[2], 'RESUELTO');
      await put(`/soporte/${ids[0]}`, { ASE_CODIGO: advisers[1].ASE_CODIGO });
    });

    it('pagina al estilo ra-data-simple-rest: por defecto SPT_ID DESC, con Content-Range', async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-range']).toBe('soporte 0-3/4');
      expect(res.json().map((r: { SPT_ID: number }) => r.SPT_ID)).toEqual([...ids].reverse());
      const page = await list({ range: [1, 2], sort: ['SPT_ID', 'ASC'] });
      expect(page.headers['content-range']).toBe('soporte 1-2/4');
      expect(page.json().map((r: { SPT_ID: number }) => r.SPT_ID)).toEqual([ids[1], ids[2]]);
      const byDate = await list({ sort: ['SPT_FECHA', 'ASC'] });
      expect(byDate.json().map((r: { SPT_ID: number }) => r.SPT_ID)).toEqual(ids);
      const bad = await list({ sort: ['SPT_CLIENTENOMBRE', 'ASC'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toBe('Solo se puede ordenar por SPT_ID, SPT_FECHA, id');
    });

    it('cada fila trae el nombre del producto y del asesor', async () => {
      const [row] = (await list({ filter: { id: [ids[0]] } })).json();
      expect(row).toEqual({
        SPT_ID: ids[0],
        SPT_FECHA: expect.any(String),
        SPT_ACTUALIZADO: expect.any(String),
        SPT_PRODUCTOS: 1,
        PROD_NOMBRE: 'Amelia Facturación Electrónica',
        SPT_RUC: '1792060346001',
        SPT_CLIENTENOMBRE: 'Ferretería El Tornillo',
        SPT_CLIENTECORREO: 'lucia.perez@comercialandina.ec',
        SPT_CLIENTETELEFONO: '0991234567',
        SPT_ASUNTO: 'stec',
        SPT_ESTADO: 'ABIERTO',
        SPT_NOMBREARCHIVO: null,
        ASE_CODIGO: advisers[1].ASE_CODIGO,
        ASE_NOMBRE: advisers[1].ASE_NOMBRE,
      });
      expect(row.SPT_FECHA).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });

    it.each([
      ['q: parte del nombre sin importar mayúsculas', () => ({ q: 'tornillo' }), () => [ids[0]]],
      ['q: comodines de LIKE se buscan literalmente', () => ({ q: '100%' }), () => [ids[3]]],
      ['q: _ literal', () => ({ q: 'Vera_' }), () => [ids[3]]],
      ['q: número de ticket', () => ({ q: String(ids[2]) }), () => [ids[2]]],
      ['q: cédula encuentra el RUC que empieza con ella', () => ({ q: '0602910945' }), () => [ids[3]]],
      ['SPT_ESTADO', () => ({ SPT_ESTADO: 'EN_PROCESO' }), () => [ids[1]]],
      ['SPT_ESTADO en lista', () => ({ SPT_ESTADO: ['EN_PROCESO', 'RESUELTO'] }), () => [ids[2], ids[1]]],
      ['SPT_PRODUCTOS', () => ({ SPT_PRODUCTOS: 1 }), () => [ids[2], ids[0]]],
      ['SPT_ASUNTO', () => ({ SPT_ASUNTO: 'stec' }), () => [ids[3], ids[0]]],
      ['ASE_CODIGO', () => ({ ASE_CODIGO: advisers[1].ASE_CODIGO }), () => [ids[0]]],
      ['sinAsesor', () => ({ sinAsesor: true }), () => [ids[3], ids[2], ids[1]]],
      ['filtros combinados', () => ({ SPT_PRODUCTOS: 1, SPT_ESTADO: 'ABIERTO' }), () => [ids[0]]],
    ])('filtra por %s', async (_case, filter, expected) => {
      const res = await list({ filter: filter() });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((r: { SPT_ID: number }) => r.SPT_ID)).toEqual(expected());
      expect(res.headers['content-range']).toMatch(new RegExp(`/${expected().length}$`));
    });

    it('dos filtros de varios valores: cada petición lee con la forma de la suya, aunque su condición se escriba igual', async () => {
      // Both read "SPT_ESTADO in (…, …) and SPT_ASUNTO in (…, …)"; the first splits its page by state, the second by subject.
      const byState = await list({ filter: { SPT_ESTADO: ['EN_PROCESO', 'RESUELTO'], SPT_ASUNTO: ['cptn', 'cptn'] } });
      expect(byState.json().map((r: { SPT_ID: number }) => r.SPT_ID)).toEqual([ids[1]]);
      const bySubject = await list({ filter: { SPT_ESTADO: ['RESUELTO', 'RESUELTO'], SPT_ASUNTO: ['cptn', 'admi'] } });
      expect(bySubject.json().map((r: { SPT_ID: number }) => r.SPT_ID)).toEqual([ids[2]]);
      expect(bySubject.headers['content-range']).toBe('soporte 0-0/1');
    });

    it('rechaza filtros desconocidos o con valores inválidos con 400', async () => {
      for (const filter of [{ SPT_ESTADO: 'PERDIDO' }, { SPT_ASUNTO: 'xx' }, { SPT_PRODUCTOS: 'uno' }, { ASE_CODIGO: -1 }, { clave: 1 }]) {
        const res = await list({ filter });
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toMatch(/^El filtro \w+ (no es válido|no existe)/);
      }
    });

    it('resumen: cantidad por estado, pendientes y sin asesor', async () => {
      const res = await get('/soporte/resumen');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        total: 4,
        pendientes: 3,
        sinAsesor: 2,
        porEstado: { ABIERTO: 2, EN_PROCESO: 1, RESUELTO: 1, CERRADO: 0, REABIERTO: 0 },
      });
    });

    it('soporte/nombre busca por nombre, RUC/cédula o número de ticket, hasta 50 filas', async () => {
      const search = (filtro: string) =>
        t.app.inject({ method: 'POST', url: `${API}/soporte/nombre`, headers: as(admin), payload: { filtro } });
      expect((await search('maría')).json().map((r: { SPT_ID: number }) => r.SPT_ID)).toEqual([ids[1]]);
      expect((await search('0926687856')).json()[0]).toMatchObject({ SPT_ID: ids[1], PROD_NOMBRE: 'Amelia Contabilidad' });
      expect((await search(String(ids[3]))).json().map((r: { SPT_ID: number }) => r.SPT_ID)).toEqual([ids[3]]);
      expect((await search('nadie se llama así')).json()).toEqual([]);
      const empty = await search('   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ msg: MSG.required('filtro') });
      await t.db.insert(soporte).values(
        Array.from({ length: 60 }, (_, i) => ({
          SPT_PRODUCTOS: 2,
          SPT_RUC: '1790016919001',
          SPT_CLIENTENOMBRE: `Cliente masivo ${i}`,
          SPT_CLIENTECORREO: 'm@ejemplo.ec',
          SPT_ASUNTO: 'admi',
          SPT_MENSAJE: '<p>x</p>',
        })),
      );
      const many = await search('masivo');
      expect(many.json()).toHaveLength(50);
      const total = await list({ filter: { q: 'masivo' }, range: [0, 9] });
      expect(total.headers['content-range']).toBe('soporte 0-9/60');
    });

    it('la misma búsqueda o el mismo filtro, pedido otra vez en otra página, da las filas de esa página', async () => {
      // The second request of a filter reuses the first one's statements: only the page's bounds change (a search's
      // window, and what each state gives to a page of several states, grow with the offset).
      await t.db.insert(soporte).values(
        Array.from({ length: 60 }, (_, i) => ({
          SPT_PRODUCTOS: 2,
          SPT_RUC: '1790016919001',
          SPT_CLIENTENOMBRE: `Cliente paginado ${i}`,
          SPT_CLIENTECORREO: 'p@ejemplo.ec',
          SPT_ASUNTO: 'admi',
          SPT_MENSAJE: '<p>x</p>',
          SPT_ESTADO: i % 2 ? ('EN_PROCESO' as const) : ('ABIERTO' as const),
        })),
      );
      const paginado = sql`${soporte.SPT_CLIENTENOMBRE} LIKE 'Cliente paginado %'`;
      const idsWhere = async (where: SQL) =>
        (await t.db.select({ id: soporte.SPT_ID }).from(soporte).where(where).orderBy(desc(soporte.SPT_ID))).map((r) => r.id);
      const pageOf = async (filter: object, range: [number, number]) => {
        const res = await list({ filter, range, sort: ['SPT_ID', 'DESC'] });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().map((r: { SPT_ID: number }) => r.SPT_ID);
      };
      const twoStates = await idsWhere(inArray(soporte.SPT_ESTADO, ['ABIERTO', 'EN_PROCESO']));
      expect(twoStates.length).toBeGreaterThan(50);
      for (const range of [
        [0, 9],
        [40, 49],
        [10, 19],
        [0, 9],
      ] as Array<[number, number]>) {
        expect(await pageOf({ SPT_ESTADO: ['ABIERTO', 'EN_PROCESO'] }, range)).toEqual(twoStates.slice(range[0], range[1] + 1));
      }
      const found = await idsWhere(paginado);
      expect(found).toHaveLength(60);
      for (const range of [
        [0, 9],
        [50, 59],
        [20, 29],
      ] as Array<[number, number]>) {
        expect(await pageOf({ q: 'paginado' }, range)).toEqual(found.slice(range[0], range[1] + 1));
      }
    });
  });

  describe('ciclo de vida del estado', () => {
    it('recorre transiciones válidas: historial con quién, qué y cuándo, y un correo al cliente por cada cambio', async () => {
      const { SPT_ID } = await createTicket(t, { SPT_CLIENTECORREO: 'ciclo@ejemplo.ec' });
      const path: TicketState[] = ['EN_PROCESO', 'RESUELTO', 'REABIERTO', 'CERRADO', 'REABIERTO', 'EN_PROCESO', 'ABIERTO', 'CERRADO'];
      const before = (await t.mails()).length;
      for (const [i, state] of path.entries()) {
        const res = await setState(SPT_ID, state, i === 0 ? 'Revisando su configuración' : undefined);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().SPT_ESTADO).toBe(state);
        expect(res.json().transiciones).toEqual(TICKET_TRANSITIONS[state]);
      }
      const history = (await historyOf(SPT_ID)).filter((h) => h.HIS_ACCION === 'estado');
      expect(history.map((h) => h.HIS_ESTADO_NUEVO)).toEqual(path);
      expect(history.map((h) => h.HIS_ESTADO_ANTERIOR)).toEqual(['ABIERTO', ...path.slice(0, -1)]);
      expect(history[0]).toMatchObject({
        ADM_USUARIO: 'admin',
        ADM_CODIGO: expect.any(Number),
        HIS_COMENTARIO: 'Revisando su configuración',
        HIS_DESCRIPCION: 'Estado cambiado de Abierto a En proceso',
      });
      const rows = await t.db.select().from(soporteHistorial).where(eq(soporteHistorial.SPT_ID, SPT_ID));
      for (const row of rows) expect(Date.now() - row.HIS_FECHA.getTime()).toBeLessThan(60_000);

      const mails = (await t.mails()).slice(before).filter((m) => m.to.includes('ciclo@ejemplo.ec'));
      expect(mails.map((m) => m.subject)).toEqual([
        `Su ticket #${SPT_ID} cambió a En proceso`,
        `Su ticket #${SPT_ID} cambió a Resuelto`,
        `Su ticket #${SPT_ID} cambió a Reabierto`,
        `Su ticket #${SPT_ID} cambió a Cerrado`,
        `Su ticket #${SPT_ID} cambió a Reabierto`,
        `Su ticket #${SPT_ID} cambió a En proceso`,
        `Su ticket #${SPT_ID} cambió a Abierto`,
        `Su ticket #${SPT_ID} cambió a Cerrado`,
      ]);
      expect(mails[0].text).toContain('Revisando su configuración');
    });

    it('aplica la tabla completa de transiciones: las no permitidas responden 409 nombrando ambos estados', async () => {
      const { SPT_ID } = await createTicket(t);
      for (const from of TICKET_STATES) {
        for (const to of TICKET_STATES.filter((s) => s !== from)) {
          await t.db.update(soporte).set({ SPT_ESTADO: from }).where(eq(soporte.SPT_ID, SPT_ID));
          const res = await setState(SPT_ID, to);
          if (canTransition(from, to)) {
            expect(res.statusCode, `${from} -> ${to}`).toBe(200);
          } else {
            expect(res.statusCode, `${from} -> ${to}`).toBe(409);
            expect(res.json()).toEqual({ msg: TICKET_MSG.invalidTransition(from, to) });
          }
        }
      }
    });

    it('un cambio no permitido no deja historial ni correo, y deshace una asignación enviada en la misma llamada', async () => {
      const { SPT_ID } = await createTicket(t, { SPT_CLIENTECORREO: 'invalido@ejemplo.ec' });
      const before = (await t.mails()).length;
      const res = await put(`/soporte/${SPT_ID}`, { SPT_ESTADO: 'REABIERTO', ASE_CODIGO: advisers[0].ASE_CODIGO });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ msg: 'No se puede cambiar el estado del ticket de Abierto a Reabierto' });
      expect((await historyOf(SPT_ID)).map((h) => h.HIS_ACCION)).toEqual(['creacion']);
      const [row] = await t.db.select().from(soporte).where(eq(soporte.SPT_ID, SPT_ID));
      expect(row).toMatchObject({ SPT_ESTADO: 'ABIERTO', ASE_CODIGO: null });
      expect((await t.mails()).length).toBe(before);
      await setState(SPT_ID, 'CERRADO');
      const closed = await setState(SPT_ID, 'EN_PROCESO');
      expect(closed.statusCode).toBe(409);
      expect(closed.json().msg).toBe('No se puede cambiar el estado del ticket de Cerrado a En proceso');
    });

    it('rechaza un estado desconocido con 400; el mismo estado no es un cambio', async () => {
      const { SPT_ID } = await createTicket(t);
      const res = await setState(SPT_ID, 'PERDIDO');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ msg: TICKET_MSG.stateInvalid });
      const same = await setState(SPT_ID, 'ABIERTO');
      expect(same.statusCode).toBe(200);
      expect((await historyOf(SPT_ID)).map((h) => h.HIS_ACCION)).toEqual(['creacion']);
    });

    it('un ticket inexistente responde 404', async () => {
      const res = await setState(999_999, 'EN_PROCESO');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: TICKET_MSG.ticketNotFound(999_999) });
      expect((await get('/soporte/999999')).json()).toEqual({ msg: TICKET_MSG.ticketNotFound(999_999) });
    });
  });

  describe('asignación, notas y respuesta', () => {
    it('asigna un asesor activo (historial y aviso al asesor), lo cambia y lo quita', async () => {
      const { SPT_ID } = await createTicket(t);
      const [first, second] = advisers;
      const before = (await t.mails()).length;
      const res = await put(`/soporte/${SPT_ID}`, { ASE_CODIGO: first.ASE_CODIGO, SPT_CLIENTENOMBRE: 'ignorado', id: SPT_ID });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ASE_CODIGO: first.ASE_CODIGO,
        ASE_NOMBRE: first.ASE_NOMBRE,
        ASE_CORREO: first.ASE_CORREO,
        SPT_CLIENTENOMBRE: 'Lucía Pérez',
      });
      const mails = (await t.mails()).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: first.ASE_CORREO, subject: `Se le asignó el ticket de soporte #${SPT_ID}` });
      await put(`/soporte/${SPT_ID}`, { ASE_CODIGO: second.ASE_CODIGO });
      const cleared = await put(`/soporte/${SPT_ID}`, { ASE_CODIGO: null });
      expect(cleared.json()).toMatchObject({ ASE_CODIGO: null, ASE_NOMBRE: null });
      const history = (await historyOf(SPT_ID)).filter((h) => h.HIS_ACCION === 'asignacion');
      expect(history.map((h) => h.HIS_DESCRIPCION)).toEqual([
        `Ticket asignado a ${first.ASE_NOMBRE}`,
        `Ticket asignado a ${second.ASE_NOMBRE}`,
        'Se quitó el asesor asignado',
      ]);
      expect(history.every((h) => h.ADM_USUARIO === 'admin')).toBe(true);
    });

    it('rechaza un asesor inexistente o inactivo con 400', async () => {
      const { SPT_ID } = await createTicket(t);
      const [inactive] = await t.db
        .insert(asesores)
        .values({ ASE_NOMBRE: 'Asesor Retirado', ASE_IDENTIFICACION: '0910005917', ASE_ACTIVO: false })
        .returning();
      for (const ASE_CODIGO of [inactive.ASE_CODIGO, 999_999]) {
        const res = await put(`/soporte/${SPT_ID}`, { ASE_CODIGO });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ msg: TICKET_MSG.adviserNotFound });
      }
      expect((await historyOf(SPT_ID)).map((h) => h.HIS_ACCION)).toEqual(['creacion']);
    });

    it('un comentario solo queda como nota en el historial', async () => {
      const { SPT_ID } = await createTicket(t);
      const res = await put(`/soporte/${SPT_ID}`, { comentario: 'Llamé al cliente, no contestó' });
      expect(res.statusCode).toBe(200);
      expect((await historyOf(SPT_ID)).at(-1)).toMatchObject({
        HIS_ACCION: 'comentario',
        HIS_COMENTARIO: 'Llamé al cliente, no contestó',
        ADM_USUARIO: 'admin',
      });
    });

    it('PUT soporte/soporte/{id}: guarda la respuesta limpia, la envía al cliente y puede resolver el ticket', async () => {
      const { SPT_ID } = await createTicket(t, { SPT_CLIENTECORREO: 'respuesta@ejemplo.ec' });
      const before = (await t.mails()).length;
      const res = await put(`/soporte/soporte/${SPT_ID}`, {
        SPT_RESPUESTA:
          '<p>Reinstale el <strong>certificado</strong>.</p><img src=x onerror=alert(1)><a href="javascript:alert(1)">aquí</a>',
        SPT_ESTADO: 'RESUELTO',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.SPT_ESTADO).toBe('RESUELTO');
      expect(body.SPT_RESPUESTA).toBe(
        '<p>Reinstale el <strong>certificado</strong>.</p><a rel="noopener noreferrer" target="_blank">aquí</a>',
      );
      expect(body.historial.slice(-2)).toMatchObject([
        { HIS_ACCION: 'estado', HIS_ESTADO_ANTERIOR: 'ABIERTO', HIS_ESTADO_NUEVO: 'RESUELTO' },
        { HIS_ACCION: 'respuesta', HIS_DESCRIPCION: 'Respuesta enviada al cliente', HIS_COMENTARIO: 'Reinstale el certificado.\naquí' },
      ]);
      const mails = (await t.mails()).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: 'respuesta@ejemplo.ec', subject: `Respuesta a su ticket #${SPT_ID}` });
      expect(mails[0].text).toContain('Reinstale el certificado.');
      expect(mails[0].text).toContain(`Su ticket #${SPT_ID} cambió a Resuelto`);
      expect(mails[0].html).not.toMatch(/onerror|javascript:/);
    });

    it('una respuesta vacía responde 400 y una transición no permitida 409 sin guardar la respuesta', async () => {
      const { SPT_ID } = await createTicket(t);
      const empty = await put(`/soporte/soporte/${SPT_ID}`, { SPT_RESPUESTA: '<p>&nbsp;</p><script>x</script>' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ msg: MSG.ticketEmptyText });
      const invalid = await put(`/soporte/soporte/${SPT_ID}`, { SPT_RESPUESTA: '<p>Listo</p>', SPT_ESTADO: 'REABIERTO' });
      expect(invalid.statusCode).toBe(409);
      const [row] = await t.db.select().from(soporte).where(eq(soporte.SPT_ID, SPT_ID));
      expect(row.SPT_RESPUESTA).toBeNull();
    });
  });

  describe('archivos del asesor, descargas y eliminación', () => {
    it('docAse guarda el archivo del asesor con las mismas reglas y deja historial', async () => {
      const { SPT_ID } = await createTicket(t);
      const res = await uploadAse(SPT_ID, 'parche.zip', fileOf(1234));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ SPT_ID, ARC_NOMBRE: 'parche.zip', ARC_TAMANO: 1234 });
      const detail = (await get(`/soporte/${SPT_ID}`)).json();
      expect(detail.archivoAsesor).toMatchObject({ ARC_NOMBRE: 'parche.zip', ARC_TAMANO: 1234, ARC_TIPO: 'application/zip' });
      expect(detail.archivoCliente).toBeNull();
      expect(detail.historial.at(-1)).toMatchObject({
        HIS_ACCION: 'archivo_asesor',
        ADM_USUARIO: 'admin',
        HIS_DESCRIPCION: 'El asesor adjuntó el archivo parche.zip (1234 bytes)',
      });
      for (const [name, content] of [
        ['x.zip', fileOf(100, 'MZ')],
        ['x.7z', fileOf(100)],
        ['x.exe', fileOf(100, 'MZ')],
      ] as const) {
        const bad = await uploadAse(SPT_ID, name, content);
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toEqual({ msg: MSG.ticketFileType });
      }
      expect((await uploadAse(999_999, 'x.zip', fileOf(10))).statusCode).toBe(404);
    });

    it(`docAse acepta ${TICKET_FILE.maxBytes} bytes`, async () => {
      const { SPT_ID } = await createTicket(t);
      const res = await uploadAse(SPT_ID, 'grande.zip', fileOf(TICKET_FILE.maxBytes));
      expect(res.statusCode).toBe(201);
      expect(res.json().ARC_TAMANO).toBe(TICKET_FILE.maxBytes);
    });

    it(`docAse rechaza ${TICKET_FILE.maxBytes + 1} bytes con 413 sin dejar archivos`, async () => {
      const { SPT_ID } = await createTicket(t);
      const before = await storedFiles(t);
      const res = await uploadAse(SPT_ID, 'grande.zip', fileOf(TICKET_FILE.maxBytes + 1));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ msg: MSG.ticketFileSize });
      expect(await storedFiles(t)).toEqual(before);
    });

    it('descarga solo con el x-token de un administrador, con el nombre original en Content-Disposition', async () => {
      const { SPT_ID, tokenArchivo } = await createTicket(t);
      const content = Buffer.concat([fileOf(4), Buffer.from('contenido del respaldo')]);
      const name = 'Cotización ñandú 2026.zip';
      const form = multipart('current', name, content);
      const up = await t.app.inject({
        method: 'POST',
        url: `${API}/soporte/docCli/${SPT_ID}`,
        payload: form.payload,
        headers: { ...form.headers, 'x-token': tokenArchivo },
      });
      expect(up.statusCode).toBe(201);
      const storedName = up.json().SPT_NOMBREARCHIVO as string;
      expect(storedName).toBe('Cotización ñandú 2026.zip');

      for (const res of [await get(`/soporte/descargaCli/${SPT_ID}`)]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/zip');
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="Cotizaci_n _and_ 2026.zip"; filename*=UTF-8''${encodeURIComponent(storedName)}`,
        );
        expect(res.rawPayload.equals(content)).toBe(true);
      }
      const viaHeader = (token: string) => get(`/soporte/descargaCli/${SPT_ID}`, token);
      expect((await viaHeader(company)).statusCode).toBe(403);
      expect((await viaHeader(tokenArchivo)).statusCode).toBe(403);
      expect((await viaHeader('basura')).statusCode).toBe(401);
      // A token in the query string is not accepted (it would be logged with the URL).
      expect((await get(`/soporte/descargaCli/${SPT_ID}?token=${encodeURIComponent(admin)}`, null)).statusCode).toBe(401);
      expect((await get(`/soporte/descargaCli/${SPT_ID}`, null)).statusCode).toBe(401);

      const noAdviserFile = await get(`/soporte/descargaAse/${SPT_ID}`);
      expect(noAdviserFile.statusCode).toBe(404);
      expect(noAdviserFile.json()).toEqual({ msg: TICKET_MSG.noAdviserFile });
      expect((await uploadAse(SPT_ID, 'respuesta.rar', fileOf(64, 'Rar!\x1a\x07\x01\x00'))).statusCode).toBe(201);
      const adviserFile = await get(`/soporte/descargaAse/${SPT_ID}`);
      expect(adviserFile.statusCode).toBe(200);
      expect(adviserFile.headers['content-type']).toBe('application/vnd.rar');
      expect(adviserFile.headers['content-disposition']).toContain('filename="respuesta.rar"');
      expect(adviserFile.rawPayload.length).toBe(64);

      const { SPT_ID: bare } = await createTicket(t);
      const none = await get(`/soporte/descargaCli/${bare}`);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ msg: TICKET_MSG.noClientFile });
      expect((await get('/soporte/descargaCli/999999')).statusCode).toBe(404);
    });

    it('DELETE elimina el ticket, su historial y sus archivos del disco', async () => {
      const { SPT_ID, tokenArchivo } = await createTicket(t);
      const form = multipart('current', 'c.zip', fileOf(99));
      await t.app.inject({
        method: 'POST',
        url: `${API}/soporte/docCli/${SPT_ID}`,
        payload: form.payload,
        headers: { ...form.headers, 'x-token': tokenArchivo },
      });
      await uploadAse(SPT_ID, 'a.zip', fileOf(77));
      await setState(SPT_ID, 'EN_PROCESO');
      const [row] = await t.db.select().from(soporte).where(eq(soporte.SPT_ID, SPT_ID));
      const fileIds = [row.SPT_ARCHIVOCLIENTE!, row.SPT_ARCHIVOASESOR!];
      expect(await storedFiles(t)).toEqual(expect.arrayContaining(fileIds));

      const res = await t.app.inject({ method: 'DELETE', url: `${API}/soporte/${SPT_ID}`, headers: as(admin) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ SPT_ID, msg: TICKET_MSG.ticketDeleted(SPT_ID) });
      for (const id of fileIds) expect(await storedFiles(t)).not.toContain(id);
      const [{ n: files }] = await t.db.select({ n: count() }).from(archivos).where(eq(archivos.ARC_ID, fileIds[0]));
      expect(files).toBe(0);
      const [{ n: history }] = await t.db.select({ n: count() }).from(soporteHistorial).where(eq(soporteHistorial.SPT_ID, SPT_ID));
      expect(history).toBe(0);
      expect((await get(`/soporte/${SPT_ID}`)).statusCode).toBe(404);
      const again = await t.app.inject({ method: 'DELETE', url: `${API}/soporte/${SPT_ID}`, headers: as(admin) });
      expect(again.statusCode).toBe(404);
    });
  });
});
