import { Type } from '@fastify/type-provider-typebox';
import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { RouteArea } from '../../core/context';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../src/domain/messages';
import { PRF_ADMINISTRADOR } from '../../../src/domain/constants';
import { TICKET_MSG } from '../../../src/domain/tickets';
import { productos } from '../../infra/db/schema';
import { escapeLike } from '../soporte/service';
import { errorResponses, IdParam, text } from '../../core/schemas';
import { ListQuery, parseListQuery, sendPage } from '../../core/list';

const tags = ['Productos'];
const secured = { security: [{ token: [] }] };
const Product = Type.Object({ PROD_ID: Type.Integer(), PROD_NOMBRE: Type.String(), PROD_ACTIVO: Type.Boolean() });
const PublicProduct = Type.Object({ PROD_ID: Type.Integer(), PROD_NOMBRE: Type.String(), PROD_ACTIVO: Type.Optional(Type.Boolean()) });
const ProductBody = Type.Object({
  PROD_NOMBRE: text(120, { pattern: '\\S', errorMessage: 'Ingrese el nombre del producto (hasta 120 caracteres)' }),
  PROD_ACTIVO: Type.Optional(Type.Boolean()),
});
const FILTER_KEYS = ['q', 'PROD_ACTIVO', 'id'];

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

function conditions(filter: Record<string, unknown>): SQL[] {
  const out: SQL[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (!FILTER_KEYS.includes(key)) throw new HttpError(400, `El filtro ${key} no existe; use ${FILTER_KEYS.join(', ')}`);
    if (value === undefined || value === '') continue;
    if (key === 'q') {
      if (typeof value !== 'string') throw new HttpError(400, 'El filtro q no es válido');
      out.push(ilike(productos.PROD_NOMBRE, `%${escapeLike(value.trim())}%`));
    } else if (key === 'PROD_ACTIVO') {
      if (typeof value !== 'boolean') throw new HttpError(400, 'El filtro PROD_ACTIVO no es válido');
      out.push(eq(productos.PROD_ACTIVO, value));
    } else {
      const ids = Array.isArray(value) ? value : [value];
      if (!ids.every((v) => Number.isInteger(v) && v > 0 && v <= 2147483647)) throw new HttpError(400, 'El filtro id no es válido');
      out.push(inArray(productos.PROD_ID, ids as number[]));
    }
  }
  return out;
}

/** Products a ticket can be about: the public catalogue for the ticket form, and their administration. */
const productRoutes: RouteArea = (app, ctx) => {
  const { db, guards } = ctx;

  const manager = async (request: FastifyRequest) => {
    await guards.admin(request);
    if (request.admin!.perfil !== PRF_ADMINISTRADOR) throw new HttpError(403, MSG.forbidden);
  };

  async function ensureUniqueName(name: string, except?: number) {
    const [taken] = await db.select({ id: productos.PROD_ID }).from(productos)
      .where(and(eq(sql`lower(${productos.PROD_NOMBRE})`, name.toLowerCase()), except ? ne(productos.PROD_ID, except) : undefined));
    if (taken) throw new HttpError(409, TICKET_MSG.productNameTaken(name));
  }

  app.get('/', {
    schema: {
      tags, summary: 'Catálogo de productos. Sin all: pública, solo los activos (PROD_ID, PROD_NOMBRE). Con all=1: administradores, incluye inactivos, paginada',
      description: 'all=1 requiere x-token de administrador y sigue ra-data-simple-rest (range, sort por PROD_ID o PROD_NOMBRE, filter q / PROD_ACTIVO / id; total en Content-Range).',
      querystring: Type.Object({ ...ListQuery.properties, all: Type.Optional(Type.Enum(['1', 'true', '0', 'false'])) }),
      response: { 200: Type.Array(PublicProduct), ...errorResponses },
    },
  }, async (request, reply) => {
    const { all, ...list } = request.query;
    if (all !== '1' && all !== 'true') {
      const rows = await db.select({ PROD_ID: productos.PROD_ID, PROD_NOMBRE: productos.PROD_NOMBRE }).from(productos)
        .where(eq(productos.PROD_ACTIVO, true)).orderBy(asc(productos.PROD_ID));
      return sendPage(reply, 'productos', rows, 0, rows.length);
    }
    await guards.admin(request);
    const { offset, limit, sortField, sortOrder, filter } = parseListQuery(list, ['PROD_ID', 'PROD_NOMBRE', 'id'] as const, ['PROD_ID', 'ASC']);
    const where = and(...conditions(filter));
    const [{ total }] = await db.select({ total: count() }).from(productos).where(where);
    const direction = sortOrder === 'ASC' ? asc : desc;
    const rows = await db.select().from(productos).where(where)
      .orderBy(sortField === 'PROD_NOMBRE' ? direction(productos.PROD_NOMBRE) : direction(productos.PROD_ID))
      .limit(limit).offset(offset);
    return sendPage(reply, 'productos', rows, offset, total);
  });

  app.get('/:id', {
    preValidation: guards.admin,
    schema: { tags, ...secured, summary: 'Un producto (administradores)', params: IdParam('id'), response: { 200: Product, ...errorResponses } },
  }, async (request) => {
    const [row] = await db.select().from(productos).where(eq(productos.PROD_ID, request.params.id));
    if (!row) throw new HttpError(404, TICKET_MSG.productNotFound404);
    return row;
  });

  app.post('/', {
    preValidation: manager,
    schema: {
      tags, ...secured, summary: 'Crea un producto (administradores, perfil 1); el nombre es único', body: ProductBody,
      response: { 201: Product, ...errorResponses },
    },
  }, async (request, reply) => {
    const name = request.body.PROD_NOMBRE.trim();
    await ensureUniqueName(name);
    try {
      const [row] = await db.insert(productos).values({ PROD_NOMBRE: name, PROD_ACTIVO: request.body.PROD_ACTIVO ?? true }).returning();
      return reply.status(201).send(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, TICKET_MSG.productNameTaken(name));
      throw error;
    }
  });

  app.put('/:id', {
    preValidation: manager,
    schema: {
      tags, ...secured, summary: 'Cambia el nombre o la disponibilidad de un producto (administradores, perfil 1)',
      description: 'Un producto inactivo deja de aparecer en el formulario público; sus tickets se conservan.',
      params: IdParam('id'), body: ProductBody, response: { 200: Product, ...errorResponses },
    },
  }, async (request) => {
    const id = request.params.id;
    const name = request.body.PROD_NOMBRE.trim();
    await ensureUniqueName(name, id);
    try {
      const [row] = await db.update(productos)
        .set({ PROD_NOMBRE: name, ...(request.body.PROD_ACTIVO === undefined ? {} : { PROD_ACTIVO: request.body.PROD_ACTIVO }) })
        .where(eq(productos.PROD_ID, id)).returning();
      if (!row) throw new HttpError(404, TICKET_MSG.productNotFound404);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, TICKET_MSG.productNameTaken(name));
      throw error;
    }
  });
};

export default productRoutes;
