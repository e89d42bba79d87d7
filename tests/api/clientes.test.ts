import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginAdmin, loginCompany } from '../helpers/accounts';
import { clientes, clientesDocumentos, empresas, gruposCliente, usuarios } from '../../server/infra/db/schema';
import { hashPassword } from '../../server/infra/passwords';
import { MSG } from '../../domain/messages';
import { CLIENTE_LIMITES, CLIENTE_MSG, CONSUMIDOR_FINAL, PAGINA_CLIENTES } from '../../domain/clientes';
import { cedulaValida } from '../helpers/identificaciones';
import type { Cliente } from '../../server/modules/clientes/contract';

const cedula = (serial: number) => cedulaValida(serial);
/** The same cédula with its check digit wrong: only a warning. */
const wrongCheckDigit = (value: string) => `${value.slice(0, 9)}${(Number(value[9]) + 1) % 10}`;

const ADVERTENCIA = 'ADVERTENCIA_IDENTIFICACION';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(testDatabases)('clientes: /api/clientes y sus catálogos (%s)', (kind) => {
  let t: TestApp;
  /** Andina's administrator (role administrador, sees every client), a seller and an accountant of Andina, and Tornillo. */
  let admin: string;
  let adminId: number;
  let seller: string;
  let sellerId: number;
  let otherSellerId: number;
  let inactiveId: number;
  let accountantId: number;
  let accountant: string;
  let other: string;
  let otherUserId: number;
  let andina: number;
  let serial = Math.floor(Math.random() * 500_000);
  const nextCedula = () => cedula(++serial);

  beforeAll(async () => {
    t = await startTestApp(kind);
    const session = await loginCompany(t);
    admin = session.token;
    adminId = session.USU_CODIGO;
    andina = session.COM_CODIGO;
    const tornillo = await loginCompany(t, COMPANIES.tornillo);
    other = tornillo.token;
    otherUserId = tornillo.USU_CODIGO;
    const clave = await hashPassword(COMPANIES.andina.clave);
    const users = await t.db
      .insert(usuarios)
      .values([
        { COM_CODIGO: andina, USU_USUARIO: 'cli.vendedora', USU_CLAVE: clave, USU_NOMBRE: 'María Vendedora', USU_ROL: 'vendedor' },
        { COM_CODIGO: andina, USU_USUARIO: 'cli.vendedor2', USU_CLAVE: clave, USU_NOMBRE: 'Pedro Vendedor', USU_ROL: 'vendedor' },
        { COM_CODIGO: andina, USU_USUARIO: 'cli.inactivo', USU_CLAVE: clave, USU_ROL: 'vendedor', USU_ACTIVO: false },
        { COM_CODIGO: andina, USU_USUARIO: 'cli.contadora', USU_CLAVE: clave, USU_NOMBRE: 'Ana Contadora', USU_ROL: 'contador' },
      ])
      .returning({ id: usuarios.USU_CODIGO });
    [sellerId, otherSellerId, inactiveId, accountantId] = users.map((u) => u.id);
    seller = (await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario: 'cli.vendedora', clave: COMPANIES.andina.clave })).token;
    accountant = (await loginCompany(t, { ruc: COMPANIES.andina.ruc, usuario: 'cli.contadora', clave: COMPANIES.andina.clave })).token;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null = admin, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: token ? { 'x-token': token } : {}, ...(payload ? { payload } : {}) });
  const body = (overrides: Record<string, unknown> = {}) => ({
    CLI_TIPO_IDENTIFICACION: '05',
    CLI_IDENTIFICACION: nextCedula(),
    CLI_RAZON_SOCIAL: 'Cliente de Prueba',
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}, token = admin) => {
    const res = await call('POST', '/clientes', token, body(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Cliente;
  };
  const list = async (query: { filter?: object; sort?: [string, string]; range?: [number, number] } = {}, token = admin) => {
    const params = new URLSearchParams();
    if (query.filter) params.set('filter', JSON.stringify(query.filter));
    if (query.sort) params.set('sort', JSON.stringify(query.sort));
    if (query.range) params.set('range', JSON.stringify(query.range));
    const res = await call('GET', `/clientes?${params}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as Cliente[], range: String(res.headers['content-range']) };
  };
  const expectError = (res: { statusCode: number; json: () => unknown }, status: number, msg: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
    expect((res.json() as { msg: string }).msg).toBe(msg);
  };

  it('crea un cliente (201) con la forma del contrato, correos y teléfonos normalizados, y lo lee por su código', async () => {
    const ruc = `${nextCedula()}001`;
    const res = await call(
      'POST',
      '/clientes',
      admin,
      body({
        CLI_TIPO_IDENTIFICACION: '04',
        CLI_IDENTIFICACION: ` ${ruc} `,
        CLI_RAZON_SOCIAL: '  José Álvarez Compañía  ',
        CLI_NOMBRE_COMERCIAL: 'Ferretería El Clavo',
        CLI_CORREOS: [' Ventas@Clavo.EC ', 'ventas@clavo.ec', 'pagos@clavo.ec', ''],
        CLI_TELEFONOS: ['+593 99 123 4567', ' 022345678 '],
        CLI_DIRECCION: 'Av. Amazonas N24-100',
        TCL_CODIGO: 2,
        TJU_CODIGO: 1,
        CLI_VENDEDOR: sellerId,
        CLI_DIAS_CREDITO: 30,
        CLI_LIMITE_CREDITO: 1500.5,
        CLI_OBSERVACION: 'Paga los viernes\nEntregar en bodega',
        CLI_CODIGO: 999, // not editable: ignored
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Cliente;
    expect(created).toEqual({
      CLI_CODIGO: expect.any(Number),
      CLI_TIPO_IDENTIFICACION: '04',
      CLI_IDENTIFICACION: ruc,
      CLI_RAZON_SOCIAL: 'José Álvarez Compañía',
      CLI_NOMBRE_COMERCIAL: 'Ferretería El Clavo',
      CLI_CORREOS: ['ventas@clavo.ec', 'pagos@clavo.ec'],
      CLI_TELEFONOS: ['+593 99 123 4567', '022345678'],
      CLI_DIRECCION: 'Av. Amazonas N24-100',
      TCL_CODIGO: 2,
      GCL_CODIGO: null,
      TJU_CODIGO: 1,
      CLI_VENDEDOR: sellerId,
      vendedor: 'María Vendedora',
      CLI_DIAS_CREDITO: 30,
      CLI_LIMITE_CREDITO: '1500.50',
      CLI_ACTIVO: true,
      CLI_OBSERVACION: 'Paga los viernes\nEntregar en bodega',
      CLI_CONSUMIDOR_FINAL: false,
      CLI_BANDERAS: null,
      CLI_CREADO: expect.stringMatching(ISO),
      CLI_ACTUALIZADO: expect.stringMatching(ISO),
    });
    expect(created.CLI_CODIGO).not.toBe(999);
    const read = await call('GET', `/clientes/${created.CLI_CODIGO}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
    // Defaults of a minimal body.
    const minimal = await create();
    expect(minimal).toMatchObject({
      CLI_CORREOS: [],
      CLI_TELEFONOS: [],
      CLI_VENDEDOR: null,
      vendedor: null,
      CLI_DIAS_CREDITO: 0,
      CLI_LIMITE_CREDITO: '0.00',
      CLI_ACTIVO: true,
      CLI_NOMBRE_COMERCIAL: null,
    });
    expectError(await call('GET', '/clientes/2147483647'), 404, MSG.notFound);
  });

  it('rechaza los datos inválidos con 400 y su mensaje en español', async () => {
    const [group] = await t.db
      .insert(gruposCliente)
      .values({ EMP_CODIGO: await tornilloId(), GCL_NOMBRE: 'Ajeno' })
      .returning();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ CLI_IDENTIFICACION: '171234567' }, 400, 'La cédula debe tener 10 dígitos numéricos'],
      [{ CLI_TIPO_IDENTIFICACION: '04', CLI_IDENTIFICACION: '17123456789' }, 400, 'El RUC debe tener 13 dígitos numéricos'],
      [{ CLI_TIPO_IDENTIFICACION: '06', CLI_IDENTIFICACION: 'A-1' }, 400, CLIENTE_MSG.pasaporteFormato],
      [{ CLI_IDENTIFICACION: '   ' }, 400, CLIENTE_MSG.identificacionRequerida],
      [{ CLI_TIPO_IDENTIFICACION: '09' }, 400, CLIENTE_MSG.tipoIdentificacion],
      [{ CLI_RAZON_SOCIAL: '   ' }, 400, CLIENTE_MSG.razonSocialRequerida],
      [{ CLI_CORREOS: ['no-es-correo'] }, 400, CLIENTE_MSG.correoInvalido],
      [{ CLI_CORREOS: Array.from({ length: CLIENTE_LIMITES.correos + 1 }, (_, i) => `c${i}@x.ec`) }, 400, CLIENTE_MSG.demasiadosCorreos],
      [{ CLI_TELEFONOS: ['099-123-4567'] }, 400, CLIENTE_MSG.telefonoInvalido],
      [{ CLI_TELEFONOS: ['abc1234567'] }, 400, CLIENTE_MSG.telefonoInvalido],
      [{ TCL_CODIGO: 99 }, 400, CLIENTE_MSG.tipoInvalido],
      [{ GCL_CODIGO: group.GCL_CODIGO }, 400, CLIENTE_MSG.grupoInvalido],
      [{ TJU_CODIGO: 3 }, 400, CLIENTE_MSG.tipoJuridicoInvalido],
      [{ TJU_CODIGO: 99 }, 400, CLIENTE_MSG.tipoJuridicoInvalido],
      [{ CLI_VENDEDOR: inactiveId }, 400, CLIENTE_MSG.vendedorInvalido],
      [{ CLI_VENDEDOR: accountantId }, 400, CLIENTE_MSG.vendedorInvalido],
      [{ CLI_VENDEDOR: otherUserId }, 400, CLIENTE_MSG.vendedorInvalido],
      [{ CLI_LIMITE_CREDITO: '12.345' }, 400, CLIENTE_MSG.limiteCreditoInvalido],
      [{ CLI_LIMITE_CREDITO: -1 }, 400, CLIENTE_MSG.limiteCreditoInvalido],
      [{ CLI_DIAS_CREDITO: 400 }, 400, `Los días de crédito deben ser un entero entre 0 y ${CLIENTE_LIMITES.diasCredito}`],
      [{ CLI_TIPO_IDENTIFICACION: '07', CLI_IDENTIFICACION: CONSUMIDOR_FINAL }, 409, CLIENTE_MSG.consumidorFinalUnico],
      [{ CLI_TIPO_IDENTIFICACION: '04', CLI_IDENTIFICACION: CONSUMIDOR_FINAL }, 409, CLIENTE_MSG.consumidorFinalUnico],
    ];
    for (const [overrides, status, msg] of cases) expectError(await call('POST', '/clientes', admin, body(overrides)), status, msg);
    expectError(
      await call('POST', '/clientes', admin, { CLI_TIPO_IDENTIFICACION: '05', CLI_IDENTIFICACION: nextCedula() }),
      400,
      MSG.required('CLI_RAZON_SOCIAL'),
    );
    // A passport is stored in capitals; the same one typed in lower case is a duplicate.
    const number = serial;
    const passport = await create({ CLI_TIPO_IDENTIFICACION: '06', CLI_IDENTIFICACION: `ab${number}x` });
    expect(passport.CLI_IDENTIFICACION).toBe(`AB${number}X`);
    expectError(
      await call('POST', '/clientes', admin, body({ CLI_TIPO_IDENTIFICACION: '06', CLI_IDENTIFICACION: `Ab${number}x` })),
      409,
      CLIENTE_MSG.identificacionRepetida,
    );
  });

  async function tornilloId() {
    const [row] = await t.db.select({ id: empresas.EMP_CODIGO }).from(empresas).where(eq(empresas.EMP_RUC, COMPANIES.tornillo.ruc));
    return row.id;
  }

  it('un dígito verificador que no cuadra es una advertencia: 422 hasta que se acepta; editar otros campos no la repite', async () => {
    const id = wrongCheckDigit(nextCedula());
    const res = await call('POST', '/clientes', admin, body({ CLI_IDENTIFICACION: id }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ msg: 'El dígito verificador de la cédula no es válido', code: ADVERTENCIA });
    const ruc = await call('POST', '/clientes', admin, body({ CLI_TIPO_IDENTIFICACION: '04', CLI_IDENTIFICACION: `${id}001` }));
    expect(ruc.statusCode).toBe(422);
    expect(ruc.json()).toEqual({
      msg: 'El dígito verificador del RUC no es válido; verifique el número antes de continuar',
      code: ADVERTENCIA,
    });
    const accepted = await create({ CLI_IDENTIFICACION: id, aceptarAdvertencia: true });
    expect(accepted.CLI_IDENTIFICACION).toBe(id);
    const edit = await call('PUT', `/clientes/${accepted.CLI_CODIGO}`, admin, {
      CLI_TIPO_IDENTIFICACION: '05',
      CLI_IDENTIFICACION: id,
      CLI_RAZON_SOCIAL: 'Otro nombre',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Changing to another wrong identification asks again.
    const again = await call('PUT', `/clientes/${accepted.CLI_CODIGO}`, admin, {
      CLI_TIPO_IDENTIFICACION: '05',
      CLI_IDENTIFICACION: wrongCheckDigit(nextCedula()),
      CLI_RAZON_SOCIAL: 'Otro nombre',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe(ADVERTENCIA);
  });

  it('la identificación no se repite en la empresa (409, también al editar) pero sí en otra empresa', async () => {
    const first = await create();
    expectError(
      await call('POST', '/clientes', admin, body({ CLI_IDENTIFICACION: first.CLI_IDENTIFICACION })),
      409,
      CLIENTE_MSG.identificacionRepetida,
    );
    const second = await create();
    expectError(
      await call('PUT', `/clientes/${second.CLI_CODIGO}`, admin, body({ CLI_IDENTIFICACION: first.CLI_IDENTIFICACION })),
      409,
      CLIENTE_MSG.identificacionRepetida,
    );
    const elsewhere = await create({ CLI_IDENTIFICACION: first.CLI_IDENTIFICACION }, other);
    expect(elsewhere.CLI_IDENTIFICACION).toBe(first.CLI_IDENTIFICACION);
    // Two creations at once with one identification: one wins, the other gets the 409.
    const same = nextCedula();
    const both = await Promise.all([0, 1].map(() => call('POST', '/clientes', admin, body({ CLI_IDENTIFICACION: same }))));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('PUT modifica (CLI_ACTUALIZADO avanza), conserva lo que no se envía, vacía con null; 404 si no existe', async () => {
    const client = await create({ CLI_CORREOS: ['a@b.ec'], CLI_NOMBRE_COMERCIAL: 'Tienda', CLI_DIAS_CREDITO: 15 });
    await new Promise((r) => setTimeout(r, 5));
    const res = await call('PUT', `/clientes/${client.CLI_CODIGO}`, admin, {
      CLI_TIPO_IDENTIFICACION: client.CLI_TIPO_IDENTIFICACION,
      CLI_IDENTIFICACION: client.CLI_IDENTIFICACION,
      CLI_RAZON_SOCIAL: 'Nuevo Nombre',
      CLI_NOMBRE_COMERCIAL: null,
      CLI_VENDEDOR: otherSellerId,
      CLI_ACTIVO: false,
      CLI_LIMITE_CREDITO: '250',
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Cliente;
    expect(updated).toMatchObject({
      CLI_RAZON_SOCIAL: 'Nuevo Nombre',
      CLI_NOMBRE_COMERCIAL: null,
      CLI_CORREOS: ['a@b.ec'],
      CLI_DIAS_CREDITO: 15,
      CLI_VENDEDOR: otherSellerId,
      vendedor: 'Pedro Vendedor',
      CLI_ACTIVO: false,
      CLI_LIMITE_CREDITO: '250.00',
      CLI_CREADO: client.CLI_CREADO,
    });
    expect(Date.parse(updated.CLI_ACTUALIZADO)).toBeGreaterThan(Date.parse(client.CLI_ACTUALIZADO));
    expect((await call('GET', `/clientes/${client.CLI_CODIGO}`)).json()).toEqual(updated);
    expectError(await call('PUT', '/clientes/2147483647', admin, body()), 404, MSG.notFound);
    expectError(await call('PUT', '/clientes/abc', admin, body()), 400, 'El campo CLI_CODIGO tiene un tipo de dato inválido');
  });

  it('la lista: Content-Range, búsqueda sin tildes ni mayúsculas, filtros, orden y errores', async () => {
    const tag = `Zq${serial}`;
    const jose = await create({ CLI_RAZON_SOCIAL: `JOSÉ ÑUÑEZ ${tag}`, TCL_CODIGO: 3, CLI_VENDEDOR: otherSellerId });
    const maria = await create({ CLI_RAZON_SOCIAL: `María ${tag}`, CLI_NOMBRE_COMERCIAL: 'Bazar Ángel', CLI_ACTIVO: false });
    const { rows, range } = await list({ filter: { q: `jose nunez ${tag.toLowerCase()}` } });
    expect(rows.map((r) => r.CLI_CODIGO)).toEqual([jose.CLI_CODIGO]);
    expect(range).toBe('clientes 0-0/1');
    expect((await list({ filter: { q: 'bazar angel' } })).rows.map((r) => r.CLI_CODIGO)).toContain(maria.CLI_CODIGO);
    expect((await list({ filter: { q: jose.CLI_IDENTIFICACION.slice(2, 9) } })).rows.map((r) => r.CLI_CODIGO)).toContain(jose.CLI_CODIGO);
    // A whole cédula finds that person and their RUC (the cédula followed by 001); a whole RUC finds only itself.
    const person = await create({ CLI_RAZON_SOCIAL: 'Persona Natural' });
    const business = await create({
      CLI_TIPO_IDENTIFICACION: '04',
      CLI_IDENTIFICACION: `${person.CLI_IDENTIFICACION}001`,
      CLI_RAZON_SOCIAL: 'Persona Natural con RUC',
    });
    const found = async (q: string) => (await list({ filter: { q } })).rows.map((r) => r.CLI_CODIGO);
    expect(await found(` ${person.CLI_IDENTIFICACION} `)).toEqual([business.CLI_CODIGO, person.CLI_CODIGO]);
    expect(await found(business.CLI_IDENTIFICACION)).toEqual([business.CLI_CODIGO]);
    expect((await list({ filter: { q: person.CLI_IDENTIFICACION } }, other)).rows).toEqual([]);
    const tagged = (filter: object) => list({ filter: { q: tag, ...filter } }).then((r) => r.rows.map((c) => c.CLI_CODIGO));
    expect(await tagged({})).toEqual([maria.CLI_CODIGO, jose.CLI_CODIGO]);
    expect(await tagged({ CLI_ACTIVO: false })).toEqual([maria.CLI_CODIGO]);
    expect(await tagged({ TCL_CODIGO: 3 })).toEqual([jose.CLI_CODIGO]);
    expect(await tagged({ CLI_VENDEDOR: otherSellerId })).toEqual([jose.CLI_CODIGO]);
    expect(await tagged({ id: [jose.CLI_CODIGO] })).toEqual([jose.CLI_CODIGO]);
    await t.db
      .update(clientes)
      .set({ CLI_BANDERAS: { fantasma: true, consultado: new Date().toISOString() } })
      .where(eq(clientes.CLI_CODIGO, maria.CLI_CODIGO));
    expect(await tagged({ bandera: 'fantasma' })).toEqual([maria.CLI_CODIGO]);
    expect(await tagged({ bandera: 'rimpe' })).toEqual([]);
    const row = (await list({ filter: { id: [maria.CLI_CODIGO] } })).rows[0];
    expect(row.CLI_BANDERAS).toMatchObject({ fantasma: true });
    expect(row).toEqual((await call('GET', `/clientes/${maria.CLI_CODIGO}`)).json());
    const byName = await list({ filter: { q: tag }, sort: ['CLI_RAZON_SOCIAL', 'ASC'] });
    expect(byName.rows.map((r) => r.CLI_RAZON_SOCIAL)).toEqual([`JOSÉ ÑUÑEZ ${tag}`, `María ${tag}`]);
    for (const sort of ['CLI_CODIGO', 'CLI_IDENTIFICACION', 'CLI_CREADO']) {
      const asc = await list({ sort: [sort, 'ASC'], range: [0, 4] });
      expect(asc.rows.length).toBeGreaterThan(1);
    }
    const firstTwo = await list({ range: [0, 1] });
    expect(firstTwo.rows).toHaveLength(2);
    expect(firstTwo.range).toMatch(/^clientes 0-1\/\d+$/);
    // Only the company's clients: Tornillo's list does not have Andina's.
    expect((await list({ filter: { q: tag } }, other)).rows).toEqual([]);
    const bad: Array<[string, string]> = [
      ['filter={"otro":1}', 'El filtro otro no existe; use q, TCL_CODIGO, GCL_CODIGO, CLI_VENDEDOR, CLI_ACTIVO, bandera, id'],
      ['filter={"_empresa":1}', 'El filtro _empresa no existe; use q, TCL_CODIGO, GCL_CODIGO, CLI_VENDEDOR, CLI_ACTIVO, bandera, id'],
      ['filter=null', 'El parámetro filter debe ser un objeto'],
      ['filter=[1]', 'El parámetro filter debe ser un objeto'],
      ['filter={', 'El parámetro filter no es un JSON válido'],
      ['filter={"bandera":"x"}', 'El filtro bandera debe ser fantasma, especial, agenteRetencion, rimpe'],
      ['filter={"CLI_ACTIVO":"si"}', 'El filtro CLI_ACTIVO no es válido'],
      ['sort=["CLI_DIRECCION","ASC"]', 'Solo se puede ordenar por CLI_CODIGO, CLI_RAZON_SOCIAL, CLI_IDENTIFICACION, CLI_CREADO, id'],
      ['range=[5,1]', 'El parámetro range debe ser [desde, hasta]'],
    ];
    for (const [query, msg] of bad) expectError(await call('GET', `/clientes?${query.replace(/[{}[\]"]/g, encodeURIComponent)}`), 400, msg);
  });

  it('paginacion, totalClientes y nombre', async () => {
    const name = `Propio ${serial}`;
    const mine = await create({ CLI_VENDEDOR: adminId, CLI_RAZON_SOCIAL: name });
    const page = await call('GET', '/clientes/paginacion?page=1');
    expect(page.statusCode, page.body).toBe(200);
    const first = page.json() as { data: Cliente[]; total: number; page: number; porPagina: number };
    expect(first).toMatchObject({ page: 1, porPagina: PAGINA_CLIENTES });
    expect(first.data.length).toBe(Math.min(PAGINA_CLIENTES, first.total));
    expect(first.data[0]).toEqual((await call('GET', `/clientes/${first.data[0].CLI_CODIGO}`)).json());
    const totals = (await call('GET', '/clientes/totalClientes')).json() as { total: number; activos: number };
    expect(totals.total).toBe(first.total);
    const active = (await list({ filter: { CLI_ACTIVO: true }, range: [0, 499] })).rows.length;
    expect(totals.activos).toBe(active);
    // mostrarTodos=false: only the caller's clients; tipoAsesor: that seller's.
    const own = (await call('GET', '/clientes/paginacion?page=1&mostrarTodos=false')).json() as { data: Cliente[]; total: number };
    expect(own.data.map((c) => c.CLI_CODIGO)).toEqual([mine.CLI_CODIGO]);
    const theirs = (await call('GET', `/clientes/paginacion?page=1&tipoAsesor=${otherSellerId}`)).json() as { data: Cliente[] };
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.every((c) => c.CLI_VENDEDOR === otherSellerId)).toBe(true);
    const all = (await call('GET', `/clientes/paginacion?page=1&tipoAsesor=${otherSellerId}&mostrarTodos=true`)).json() as {
      total: number;
    };
    expect(all.total).toBe(first.total);
    const beyond = (await call('GET', '/clientes/paginacion?page=1000')).json() as { data: Cliente[] };
    expect(beyond.data).toEqual([]);
    expectError(await call('GET', '/clientes/paginacion?page=0'), 400, 'El parámetro page debe ser un entero desde 1');
    expectError(await call('GET', '/clientes/paginacion?mostrarTodos=quizas'), 400, 'El parámetro mostrarTodos debe ser true o false');

    const found = await call('POST', '/clientes/nombre', admin, { nombre: name.toLowerCase() });
    expect(found.statusCode, found.body).toBe(200);
    expect((found.json() as Cliente[]).map((c) => c.CLI_CODIGO)).toEqual([mine.CLI_CODIGO]);
    const many = (await call('POST', '/clientes/nombre', admin, { nombre: 'cliente' })).json() as Cliente[];
    expect(many.length).toBeGreaterThan(0);
    expect(many.length).toBeLessThanOrEqual(50);
    const onlyMine = (await call('POST', '/clientes/nombre?mostrarTodos=false', admin, { nombre: 'cliente' })).json() as Cliente[];
    expect(onlyMine.every((c) => c.CLI_VENDEDOR === adminId)).toBe(true);
    expectError(await call('POST', '/clientes/nombre', admin, { nombre: '   ' }), 400, MSG.required('nombre'));
    expectError(await call('POST', '/clientes/nombre', admin, {}), 400, 'El campo nombre es obligatorio');
  });

  it('consumidor final: uno solo por empresa aunque se pida a la vez, no se modifica ni se elimina', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('GET', '/clientes/consumidorFinal')));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((r) => (r.json() as Cliente).CLI_CODIGO));
    expect(ids.size).toBe(1);
    const final = answers[0].json() as Cliente;
    expect(final).toMatchObject({
      CLI_TIPO_IDENTIFICACION: '07',
      CLI_IDENTIFICACION: CONSUMIDOR_FINAL,
      CLI_RAZON_SOCIAL: 'CONSUMIDOR FINAL',
      CLI_CONSUMIDOR_FINAL: true,
      CLI_VENDEDOR: null,
    });
    const rows = await t.db
      .select()
      .from(clientes)
      .where(and(eq(clientes.EMP_CODIGO, andina), eq(clientes.CLI_IDENTIFICACION, CONSUMIDOR_FINAL)));
    expect(rows).toHaveLength(1);
    expect((await call('GET', '/clientes/consumidorFinal')).json()).toEqual(final);
    // A seller invoices to it too; another company gets its own.
    expect((await call('GET', '/clientes/consumidorFinal', seller)).json()).toEqual(final);
    const theirs = (await call('GET', '/clientes/consumidorFinal', other)).json() as Cliente;
    expect(theirs.CLI_CODIGO).not.toBe(final.CLI_CODIGO);
    expectError(
      await call('PUT', `/clientes/${final.CLI_CODIGO}`, admin, body({ CLI_RAZON_SOCIAL: 'Otro' })),
      409,
      CLIENTE_MSG.consumidorFinal,
    );
    expectError(await call('DELETE', `/clientes/${final.CLI_CODIGO}`), 409, CLIENTE_MSG.consumidorFinal);
    const bulk = await call('PUT', '/clientes/lote', admin, { ids: [final.CLI_CODIGO], accion: 'desactivar' });
    expect(bulk.json()).toEqual({ actualizados: 0 });
    expect(((await call('GET', `/clientes/${final.CLI_CODIGO}`)).json() as Cliente).CLI_ACTIVO).toBe(true);
  });

  it('DELETE elimina un cliente sin documentos y rechaza (409) uno con documentos', async () => {
    const plain = await create();
    const res = await call('DELETE', `/clientes/${plain.CLI_CODIGO}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: CLIENTE_MSG.eliminado });
    expectError(await call('GET', `/clientes/${plain.CLI_CODIGO}`), 404, MSG.notFound);
    expectError(await call('DELETE', `/clientes/${plain.CLI_CODIGO}`), 404, MSG.notFound);
    const withDocument = await create();
    await t.db.insert(clientesDocumentos).values({
      CLI_CODIGO: withDocument.CLI_CODIGO,
      EMP_CODIGO: andina,
      CDO_NOMBRE: 'contrato.pdf',
      CDO_RUTA: 'clientes/prueba/contrato.pdf',
      CDO_TIPO: 'application/pdf',
      CDO_BYTES: 10,
    });
    expectError(await call('DELETE', `/clientes/${withDocument.CLI_CODIGO}`), 409, CLIENTE_MSG.conDocumentos);
    expect((await call('GET', `/clientes/${withDocument.CLI_CODIGO}`)).statusCode).toBe(200);
  });

  it('lote: asigna vendedor, desactiva y activa solo los clientes visibles', async () => {
    const a = await create();
    const b = await create();
    const foreign = await create({}, other);
    const ids = [a.CLI_CODIGO, b.CLI_CODIGO, foreign.CLI_CODIGO];
    const assign = await call('PUT', '/clientes/lote', admin, { ids, accion: 'asignarVendedor', CLI_VENDEDOR: sellerId });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json()).toEqual({ actualizados: 2 });
    expect(((await call('GET', `/clientes/${a.CLI_CODIGO}`)).json() as Cliente).vendedor).toBe('María Vendedora');
    expect(((await call('GET', `/clientes/${foreign.CLI_CODIGO}`, other)).json() as Cliente).CLI_VENDEDOR).toBeNull();
    expect((await call('PUT', '/clientes/lote', admin, { ids, accion: 'desactivar' })).json()).toEqual({ actualizados: 2 });
    expect(((await call('GET', `/clientes/${b.CLI_CODIGO}`)).json() as Cliente).CLI_ACTIVO).toBe(false);
    expect(((await call('GET', `/clientes/${foreign.CLI_CODIGO}`, other)).json() as Cliente).CLI_ACTIVO).toBe(true);
    expect((await call('PUT', '/clientes/lote', admin, { ids, accion: 'activar' })).json()).toEqual({ actualizados: 2 });
    expect((await call('PUT', '/clientes/lote', admin, { ids, accion: 'asignarVendedor', CLI_VENDEDOR: null })).json()).toEqual({
      actualizados: 2,
    });
    expectError(await call('PUT', '/clientes/lote', admin, { ids, accion: 'asignarVendedor' }), 400, CLIENTE_MSG.vendedorRequerido);
    expectError(
      await call('PUT', '/clientes/lote', admin, { ids, accion: 'asignarVendedor', CLI_VENDEDOR: inactiveId }),
      400,
      CLIENTE_MSG.vendedorInvalido,
    );
    expectError(
      await call('PUT', '/clientes/lote', admin, { ids, accion: 'borrar' }),
      400,
      'El campo accion debe ser asignarVendedor, desactivar, activar',
    );
    expectError(
      await call('PUT', '/clientes/lote', admin, { ids: [], accion: 'activar' }),
      400,
      'El campo ids debe ser una lista de 1 a 500 códigos de cliente',
    );
  });

  it('un vendedor ve y cambia solo sus clientes; los que crea quedan suyos y no puede asignar a otro', async () => {
    const ownCreated = await create({}, seller);
    expect(ownCreated).toMatchObject({ CLI_VENDEDOR: sellerId, vendedor: 'María Vendedora' });
    expectError(await call('POST', '/clientes', seller, body({ CLI_VENDEDOR: otherSellerId })), 403, CLIENTE_MSG.vendedorPropio);
    const theirs = await create({ CLI_VENDEDOR: otherSellerId });
    const unassigned = await create();

    const { rows, range } = await list({ range: [0, 499] }, seller);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((c) => c.CLI_VENDEDOR === sellerId)).toBe(true);
    expect(range).toMatch(new RegExp(`/${rows.length}$`));
    const totals = (await call('GET', '/clientes/totalClientes', seller)).json() as { total: number };
    expect(totals.total).toBe(rows.length);
    const paged = (await call('GET', '/clientes/paginacion?page=1&mostrarTodos=true', seller)).json() as { total: number; data: Cliente[] };
    expect(paged.total).toBe(rows.length);
    expect(paged.data.every((c) => c.CLI_VENDEDOR === sellerId)).toBe(true);
    // A filter on another seller does not widen what a seller sees.
    expect((await list({ filter: { CLI_VENDEDOR: otherSellerId } }, seller)).rows).toEqual([]);
    const named = (await call('POST', '/clientes/nombre?mostrarTodos=true', seller, { nombre: 'cliente' })).json() as Cliente[];
    expect(named.every((c) => c.CLI_VENDEDOR === sellerId)).toBe(true);

    for (const id of [theirs.CLI_CODIGO, unassigned.CLI_CODIGO]) {
      expectError(await call('GET', `/clientes/${id}`, seller), 404, MSG.notFound);
      expectError(await call('PUT', `/clientes/${id}`, seller, body()), 404, MSG.notFound);
      expectError(await call('DELETE', `/clientes/${id}`, seller), 404, MSG.notFound);
    }
    const bulk = await call('PUT', '/clientes/lote', seller, {
      ids: [theirs.CLI_CODIGO, ownCreated.CLI_CODIGO],
      accion: 'desactivar',
    });
    expect(bulk.json()).toEqual({ actualizados: 1 });
    expectError(
      await call('PUT', '/clientes/lote', seller, { ids: [ownCreated.CLI_CODIGO], accion: 'asignarVendedor', CLI_VENDEDOR: otherSellerId }),
      403,
      CLIENTE_MSG.vendedorPropio,
    );
    // Editing their own client: the seller stays, another seller is refused.
    const edited = await call('PUT', `/clientes/${ownCreated.CLI_CODIGO}`, seller, {
      CLI_TIPO_IDENTIFICACION: '05',
      CLI_IDENTIFICACION: ownCreated.CLI_IDENTIFICACION,
      CLI_RAZON_SOCIAL: 'Editado por la vendedora',
      CLI_VENDEDOR: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as Cliente).CLI_VENDEDOR).toBe(sellerId);
    expectError(
      await call('PUT', `/clientes/${ownCreated.CLI_CODIGO}`, seller, body({ CLI_VENDEDOR: otherSellerId })),
      403,
      CLIENTE_MSG.vendedorPropio,
    );
    // The accountant sees every client.
    const all = (await call('GET', '/clientes/totalClientes', accountant)).json() as { total: number };
    const adminTotal = (await call('GET', '/clientes/totalClientes')).json() as { total: number };
    expect(all.total).toBe(adminTotal.total);
    expect((await call('GET', `/clientes/${theirs.CLI_CODIGO}`, accountant)).statusCode).toBe(200);
    expect((await call('DELETE', `/clientes/${ownCreated.CLI_CODIGO}`, seller)).statusCode).toBe(200);
  });

  it('catálogos: tipos de cliente, grupos de la empresa, tipos jurídicos y vendedores', async () => {
    const types = await call('GET', '/tipoClientes');
    expect(types.statusCode).toBe(200);
    expect(types.json()).toEqual([
      { TCL_CODIGO: 1, TCL_NOMBRE: 'Cliente final' },
      { TCL_CODIGO: 2, TCL_NOMBRE: 'Mayorista' },
      { TCL_CODIGO: 3, TCL_NOMBRE: 'Distribuidor' },
      { TCL_CODIGO: 4, TCL_NOMBRE: 'Sector público' },
      { TCL_CODIGO: 5, TCL_NOMBRE: 'Relacionado' },
    ]);
    const created = await call('POST', '/grupoClientes', admin, { GCL_NOMBRE: '  Clientes   del Norte ' });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as { GCL_CODIGO: number; GCL_NOMBRE: string };
    expect(group).toEqual({ GCL_CODIGO: expect.any(Number), GCL_NOMBRE: 'Clientes del Norte' });
    expectError(await call('POST', '/grupoClientes', admin, { GCL_NOMBRE: 'CLIENTES DEL NORTE' }), 409, CLIENTE_MSG.grupoRepetido);
    expectError(await call('POST', '/grupoClientes', admin, { GCL_NOMBRE: '  ' }), 400, CLIENTE_MSG.grupoNombreRequerido);
    expectError(
      await call('POST', '/grupoClientes', admin, { GCL_NOMBRE: 'x'.repeat(61) }),
      400,
      'El nombre del grupo admite hasta 60 caracteres',
    );
    expect((await call('GET', '/grupoClientes')).json()).toContainEqual(group);
    expect((await call('GET', '/grupoClientes', other)).json()).not.toContainEqual(group);
    // The same name in another company is fine, and a client can be put in the group.
    expect((await call('POST', '/grupoClientes', other, { GCL_NOMBRE: 'Clientes del Norte' })).statusCode).toBe(201);
    const inGroup = await create({ GCL_CODIGO: group.GCL_CODIGO });
    expect((await list({ filter: { GCL_CODIGO: group.GCL_CODIGO } })).rows.map((c) => c.CLI_CODIGO)).toEqual([inGroup.CLI_CODIGO]);

    expect((await call('GET', '/tipJuridica/05')).json()).toEqual([{ TJU_CODIGO: 1, TJU_NOMBRE: 'Persona natural' }]);
    expect((await call('GET', '/tipJuridica/04')).json()).toEqual([
      { TJU_CODIGO: 1, TJU_NOMBRE: 'Persona natural' },
      { TJU_CODIGO: 2, TJU_NOMBRE: 'Sociedad privada' },
      { TJU_CODIGO: 3, TJU_NOMBRE: 'Sociedad pública' },
    ]);
    expect((await call('GET', '/tipJuridica/07')).json()).toEqual([{ TJU_CODIGO: 4, TJU_NOMBRE: 'Consumidor final' }]);
    expectError(await call('GET', '/tipJuridica/09'), 400, CLIENTE_MSG.tipoIdentificacion);

    const sellers = (await call('GET', '/clientes/vendedores')).json() as Array<{ USU_CODIGO: number; nombre: string }>;
    const ids = sellers.map((s) => s.USU_CODIGO);
    expect(ids).toEqual(expect.arrayContaining([adminId, sellerId, otherSellerId]));
    expect(ids).not.toContain(inactiveId);
    expect(ids).not.toContain(accountantId);
    expect(ids).not.toContain(otherUserId);
    expect(sellers.find((s) => s.USU_CODIGO === sellerId)?.nombre).toBe('María Vendedora');
  });

  it('sin sesión 401; una sesión de administración 403', async () => {
    const adminToken = (await loginAdmin(t)).token;
    for (const [method, url] of [
      ['GET', '/clientes'],
      ['GET', '/clientes/1'],
      ['POST', '/clientes'],
      ['GET', '/tipoClientes'],
    ] as const) {
      expect((await call(method, url, null, {})).statusCode).toBe(401);
      expect((await call(method, url, adminToken, {})).statusCode).toBe(403);
    }
  });
});
