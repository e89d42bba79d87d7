import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, testDatabases, type TestApp } from '../helpers/server';
import { COMPANIES, loginCompany } from '../helpers/accounts';
import { establecimientos, facturas, facturasDetalles, puntosEmision } from '../../server/infra/db/schema';
import { MSG } from '../../domain/messages';
import { CATALOGO_MSG } from '../../domain/catalogo';

type Producto = {
  CAT_CODIGO: number;
  CAT_PRINCIPAL: string;
  CAT_AUXILIAR: string | null;
  CAT_DESCRIPCION: string;
  CAT_TIPO: string;
  CAT_PRECIO: string;
  CAT_IVA: string;
  CAT_ICE_CODIGO: string | null;
  CAT_ICE_TARIFA: string | null;
  CAT_ACTIVO: boolean;
  CAT_CREADO: string;
  CAT_ACTUALIZADO: string;
};

const URL = '/api/catalogo';

describe.each(testDatabases)('catalogo: productos y servicios de la empresa (%s)', (kind) => {
  let t: TestApp;
  let andina: string;
  let andinaId: number;
  let tornillo: string;
  let costa: string;
  let serial = 0;
  /** A main code no other test of this file uses. */
  const code = (prefix = 'P') => `${prefix}-${++serial}`;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-token': token }, ...(payload ? { payload } : {}) });
  const list = async (token: string, filter: object, sort?: [string, string]) => {
    const params = new URLSearchParams({
      filter: JSON.stringify(filter),
      range: '[0,99]',
      ...(sort ? { sort: JSON.stringify(sort) } : {}),
    });
    const res = await call('GET', `${URL}?${params}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json() as Producto[], range: res.headers['content-range'] };
  };
  const valid = (overrides: object = {}) => ({
    CAT_PRINCIPAL: code(),
    CAT_DESCRIPCION: 'Tornillo galvanizado 1/4"',
    CAT_PRECIO: '0.125000',
    CAT_IVA: '4',
    ...overrides,
  });
  const create = async (token: string, overrides: object = {}) => {
    const res = await call('POST', URL, token, valid(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Producto;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    const session = await loginCompany(t);
    andina = session.token;
    andinaId = session.COM_CODIGO;
    tornillo = (await loginCompany(t, COMPANIES.tornillo)).token;
    costa = (await loginCompany(t, COMPANIES.costa)).token;
  });
  afterAll(async () => t?.close());

  it('creates, reads, lists, edits and deletes a product, with the price as stored (6 decimals)', async () => {
    const created = await create(andina, {
      CAT_PRINCIPAL: ' SERV-001 ',
      CAT_AUXILIAR: 'AUX 9',
      CAT_DESCRIPCION: 'Instalación de cerámica por m²',
      CAT_TIPO: 'S',
      CAT_PRECIO: '12.5',
      CAT_IVA: '4',
      CAT_ICE_CODIGO: '3011',
      CAT_ICE_TARIFA: '15',
    });
    expect(created).toMatchObject({
      CAT_PRINCIPAL: 'SERV-001',
      CAT_AUXILIAR: 'AUX 9',
      CAT_DESCRIPCION: 'Instalación de cerámica por m²',
      CAT_TIPO: 'S',
      CAT_PRECIO: '12.500000',
      CAT_IVA: '4',
      CAT_ICE_CODIGO: '3011',
      CAT_ICE_TARIFA: '15.00',
      CAT_ACTIVO: true,
    });
    const id = created.CAT_CODIGO;

    const read = await call('GET', `${URL}/${id}`, andina);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);

    const { rows, range } = await list(andina, { id: [id] });
    expect(rows).toEqual([created]);
    expect(range).toBe('catalogo 0-0/1');

    // Six decimals survive the round trip; the optional fields left out keep their values; null empties them.
    const edited = await call('PUT', `${URL}/${id}`, andina, {
      CAT_PRINCIPAL: 'SERV-001',
      CAT_DESCRIPCION: 'Instalación de porcelanato por m²',
      CAT_PRECIO: '1234.123456',
      CAT_IVA: '0',
      CAT_ACTIVO: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      CAT_DESCRIPCION: 'Instalación de porcelanato por m²',
      CAT_PRECIO: '1234.123456',
      CAT_IVA: '0',
      CAT_AUXILIAR: 'AUX 9',
      CAT_TIPO: 'S',
      CAT_ICE_CODIGO: '3011',
      CAT_ACTIVO: false,
    });
    const emptied = await call('PUT', `${URL}/${id}`, andina, {
      ...valid({ CAT_PRINCIPAL: 'SERV-001' }),
      CAT_AUXILIAR: null,
      CAT_ICE_CODIGO: null,
      CAT_ICE_TARIFA: null,
      CAT_PRECIO: 7,
    });
    expect(emptied.json()).toMatchObject({ CAT_AUXILIAR: null, CAT_ICE_CODIGO: null, CAT_ICE_TARIFA: null, CAT_PRECIO: '7.000000' });

    const removed = await call('DELETE', `${URL}/${id}`, andina);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ msg: CATALOGO_MSG.eliminado });
    expect((await call('GET', `${URL}/${id}`, andina)).statusCode).toBe(404);
  });

  it.each([
    ['an empty main code', { CAT_PRINCIPAL: '  ' }, CATALOGO_MSG.principal],
    ['a main code of 26 characters', { CAT_PRINCIPAL: 'X'.repeat(26) }, CATALOGO_MSG.principal],
    ['an auxiliary code of 26 characters', { CAT_AUXILIAR: 'A'.repeat(26) }, CATALOGO_MSG.auxiliar],
    ['an empty description', { CAT_DESCRIPCION: '' }, CATALOGO_MSG.descripcion],
    ['a description of 301 characters', { CAT_DESCRIPCION: 'd'.repeat(301) }, CATALOGO_MSG.descripcion],
    ['a negative price', { CAT_PRECIO: '-1' }, CATALOGO_MSG.precio],
    ['a price with 7 decimals', { CAT_PRECIO: '1.1234567' }, CATALOGO_MSG.precio],
    ['a price that is not a number', { CAT_PRECIO: 'doce' }, CATALOGO_MSG.precio],
    ['a negative numeric price', { CAT_PRECIO: -0.5 }, CATALOGO_MSG.precio],
    ['an IVA code the SRI does not have', { CAT_IVA: '9' }, CATALOGO_MSG.iva],
    ['the withdrawn IVA 12 %', { CAT_IVA: '2' }, CATALOGO_MSG.iva],
    ['an ICE code of 5 digits', { CAT_ICE_CODIGO: '30111', CAT_ICE_TARIFA: '10' }, CATALOGO_MSG.iceCodigo],
    ['an ICE code with letters', { CAT_ICE_CODIGO: '30A', CAT_ICE_TARIFA: '10' }, CATALOGO_MSG.iceCodigo],
    ['an ICE rate over the schema’s 99.99', { CAT_ICE_CODIGO: '3011', CAT_ICE_TARIFA: '100' }, CATALOGO_MSG.iceTarifa],
    ['an ICE rate with 3 decimals', { CAT_ICE_CODIGO: '3011', CAT_ICE_TARIFA: '1.125' }, CATALOGO_MSG.iceTarifa],
    ['an ICE code without its rate', { CAT_ICE_CODIGO: '3011' }, CATALOGO_MSG.iceIncompleto],
    ['an ICE rate without its code', { CAT_ICE_TARIFA: 5 }, CATALOGO_MSG.iceIncompleto],
    ['a type other than B or S', { CAT_TIPO: 'X' }, CATALOGO_MSG.tipo],
  ])('refuses %s with its Spanish message', async (_, overrides, msg) => {
    const res = await call('POST', URL, andina, valid(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ msg });
  });

  it('accepts the limits: 25-character codes, 300-character description, price 0, ICE 99.99', async () => {
    const principal = `${code('L')}`.padEnd(25, 'Z');
    const created = await create(andina, {
      CAT_PRINCIPAL: principal,
      CAT_AUXILIAR: 'A'.repeat(25),
      CAT_DESCRIPCION: 'd'.repeat(300),
      CAT_PRECIO: '0',
      CAT_ICE_CODIGO: '1',
      CAT_ICE_TARIFA: '99.99',
    });
    expect(created).toMatchObject({ CAT_PRINCIPAL: principal, CAT_PRECIO: '0.000000', CAT_ICE_TARIFA: '99.99' });
    expect((await call('POST', URL, andina, valid({ CAT_PRINCIPAL: undefined }))).json()).toEqual({ msg: MSG.required('CAT_PRINCIPAL') });
  });

  it('refuses a repeated main code in any case, naming it, but lets another company use it', async () => {
    const principal = code('Dup');
    const first = await create(andina, { CAT_PRINCIPAL: principal });
    const again = await call('POST', URL, andina, valid({ CAT_PRINCIPAL: principal.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: CATALOGO_MSG.principalRepetido(principal.toLowerCase()) });
    expect(again.json().msg).toContain(principal.toLowerCase());

    const second = await create(andina);
    const renamed = await call('PUT', `${URL}/${second.CAT_CODIGO}`, andina, valid({ CAT_PRINCIPAL: principal.toUpperCase() }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual({ msg: CATALOGO_MSG.principalRepetido(principal.toUpperCase()) });
    // Its own code, in another case, is no conflict.
    const recased = await call('PUT', `${URL}/${first.CAT_CODIGO}`, andina, valid({ CAT_PRINCIPAL: principal.toLowerCase() }));
    expect(recased.statusCode, recased.body).toBe(200);

    await create(tornillo, { CAT_PRINCIPAL: principal });
  });

  it('answers 404 for another company’s product on every route, and leaves it untouched', async () => {
    const theirs = await create(tornillo, { CAT_DESCRIPCION: 'Llave de pico 12"' });
    const url = `${URL}/${theirs.CAT_CODIGO}`;
    for (const res of [
      await call('GET', url, andina),
      await call('PUT', url, andina, valid()),
      await call('DELETE', url, andina),
      await call('GET', `${URL}/2147483647`, andina),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ msg: MSG.notFound });
    }
    expect((await call('GET', url, tornillo)).json()).toEqual(theirs);
    expect((await list(andina, { id: [theirs.CAT_CODIGO] })).rows).toEqual([]);
    expect((await list(andina, { q: 'llave de pico' })).rows).toEqual([]);
  });

  it('refuses a company without the menu (403) and a filter on the company scope (400)', async () => {
    expect((await call('GET', URL, costa)).statusCode).toBe(403);
    expect((await call('POST', URL, costa, valid())).statusCode).toBe(403);
    const scoped = await call('GET', `${URL}?filter=${encodeURIComponent(JSON.stringify({ _empresa: 1 }))}`, andina);
    expect(scoped.statusCode).toBe(400);
    expect(scoped.json().msg).toContain('El filtro _empresa no existe');
  });

  it('searches by main or auxiliary code and by description without accents or case, and filters', async () => {
    const tag = `Q${Date.now().toString(36)}`;
    const pala = await create(andina, { CAT_PRINCIPAL: `${tag}-PALA`, CAT_DESCRIPCION: 'Pala de construcción', CAT_IVA: '5' });
    const asesoria = await create(andina, {
      CAT_PRINCIPAL: `${tag}-ASE`,
      CAT_AUXILIAR: 'AUXÑ-77',
      CAT_DESCRIPCION: 'Asesoría técnica en obra',
      CAT_TIPO: 'S',
      CAT_IVA: '4',
      CAT_ACTIVO: false,
    });
    const ids = (rows: Producto[]) => rows.map((r) => r.CAT_CODIGO).sort((a, b) => a - b);

    expect(ids((await list(andina, { q: `${tag.toLowerCase()}-pala` })).rows)).toEqual([pala.CAT_CODIGO]);
    expect(ids((await list(andina, { q: 'CONSTRUCCION' })).rows)).toContain(pala.CAT_CODIGO);
    expect(ids((await list(andina, { q: 'asesoria tecnica' })).rows)).toEqual([asesoria.CAT_CODIGO]);
    expect(ids((await list(andina, { q: 'auxn-77' })).rows)).toEqual([asesoria.CAT_CODIGO]);
    expect(ids((await list(andina, { q: tag })).rows)).toEqual(ids([pala, asesoria]));
    // LIKE's wildcards are searched literally.
    expect((await list(andina, { q: `${tag}%` })).rows).toEqual([]);

    expect(ids((await list(andina, { q: tag, CAT_ACTIVO: true })).rows)).toEqual([pala.CAT_CODIGO]);
    expect(ids((await list(andina, { q: tag, CAT_ACTIVO: false })).rows)).toEqual([asesoria.CAT_CODIGO]);
    expect(ids((await list(andina, { q: tag, CAT_IVA: '5' })).rows)).toEqual([pala.CAT_CODIGO]);
    expect(ids((await list(andina, { q: tag, CAT_TIPO: 'S' })).rows)).toEqual([asesoria.CAT_CODIGO]);
    expect(ids((await list(andina, { q: tag, CAT_TIPO: ['B', 'S'] })).rows)).toEqual(ids([pala, asesoria]));
    const badIva = await call('GET', `${URL}?filter=${encodeURIComponent(JSON.stringify({ CAT_IVA: '9' }))}`, andina);
    expect(badIva.statusCode).toBe(400);
    expect(badIva.json()).toEqual({ msg: 'El filtro CAT_IVA no es válido' });

    // Sorted by description (the default, ascending), by main code, or by id.
    expect((await list(andina, { q: tag })).rows.map((r) => r.CAT_DESCRIPCION)).toEqual([
      'Asesoría técnica en obra',
      'Pala de construcción',
    ]);
    expect((await list(andina, { q: tag }, ['CAT_PRINCIPAL', 'DESC'])).rows.map((r) => r.CAT_PRINCIPAL)).toEqual([
      `${tag}-PALA`,
      `${tag}-ASE`,
    ]);
    expect((await list(andina, { q: tag }, ['CAT_CODIGO', 'DESC'])).rows.map((r) => r.CAT_CODIGO)).toEqual([
      asesoria.CAT_CODIGO,
      pala.CAT_CODIGO,
    ]);
    const badSort = await call('GET', `${URL}?sort=${encodeURIComponent('["CAT_PRECIO","ASC"]')}`, andina);
    expect(badSort.json()).toEqual({ msg: 'Solo se puede ordenar por CAT_CODIGO, CAT_DESCRIPCION, CAT_PRINCIPAL, id' });
  });

  it('keeps a product used on an invoice line (409, suggests deactivating it) and lets it be deactivated', async () => {
    const used = await create(andina, { CAT_DESCRIPCION: 'Cemento Holcim 50 kg', CAT_PRECIO: '8.250000' });
    const [punto] = await t.db
      .select({ id: puntosEmision.PEM_CODIGO })
      .from(puntosEmision)
      .innerJoin(establecimientos, eq(establecimientos.EST_CODIGO, puntosEmision.EST_CODIGO))
      .where(eq(establecimientos.EMP_CODIGO, andinaId));
    // The company's consumidor final: created by its first request.
    const cliente = { id: (await call('GET', '/api/clientes/consumidorFinal', andina)).json().CLI_CODIGO as number };
    const [factura] = await t.db
      .insert(facturas)
      .values({ EMP_CODIGO: andinaId, PEM_CODIGO: punto.id, CLI_CODIGO: cliente.id, FAC_FECHA: '2026-03-02' })
      .returning({ id: facturas.FAC_CODIGO });
    await t.db.insert(facturasDetalles).values({
      FAC_CODIGO: factura.id,
      FDE_LINEA: 1,
      CAT_CODIGO: used.CAT_CODIGO,
      FDE_DESCRIPCION: used.CAT_DESCRIPCION,
      FDE_CANTIDAD: '2',
      FDE_PRECIO: used.CAT_PRECIO,
      FDE_IVA: used.CAT_IVA,
      FDE_SUBTOTAL: '16.50',
    });

    const refused = await call('DELETE', `${URL}/${used.CAT_CODIGO}`, andina);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ msg: CATALOGO_MSG.usado });
    expect(refused.json().msg).toMatch(/Desactívelo/);
    // The line still names the product.
    const [line] = await t.db.select().from(facturasDetalles).where(eq(facturasDetalles.FAC_CODIGO, factura.id));
    expect(line.CAT_CODIGO).toBe(used.CAT_CODIGO);

    const off = await call('PUT', `${URL}/${used.CAT_CODIGO}`, andina, {
      ...valid({ CAT_PRINCIPAL: used.CAT_PRINCIPAL }),
      CAT_ACTIVO: false,
    });
    expect(off.json()).toMatchObject({ CAT_ACTIVO: false });
  });
});
