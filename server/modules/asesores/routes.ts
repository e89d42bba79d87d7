import { Type } from '@fastify/type-provider-typebox';
import { and, asc, count, desc, eq, ilike, inArray, like, or, type SQL } from 'drizzle-orm';
import type { RouteArea } from '../../core/context';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../src/domain/messages';
import { asesores } from '../../infra/db/schema';
import { escapeLike } from '../soporte/service';
import { errorResponses, text } from '../../core/schemas';
import { ListQuery, parseListQuery, sendPage } from '../../core/list';

const tags = ['Asesores'];
const secured = { security: [{ token: [] }] };
const Adviser = Type.Object({
  ASE_CODIGO: Type.Integer(), ASE_NOMBRE: Type.String(), ASE_CORREO: Type.Union([Type.String(), Type.Null()]),
  ASE_IDENTIFICACION: Type.String(), ASE_ACTIVO: Type.Boolean(),
});
const SEARCH_LIMIT = 50;

/** Identification prefix or part of the name. */
const matches = (value: string): SQL => {
  const q = escapeLike(value.trim());
  return or(like(asesores.ASE_IDENTIFICACION, `${q}%`), ilike(asesores.ASE_NOMBRE, `%${q}%`))!;
};

/** Support advisers a ticket can be assigned to (administrators and distributors). */
const adviserRoutes: RouteArea = (app, ctx) => {
  const { db } = ctx;

  app.get('/', {
    preValidation: ctx.guards.admin,
    schema: {
      tags, ...secured, summary: 'Asesores activos (ra-data-simple-rest; sin range devuelve hasta 500)',
      description: 'Orden por ASE_NOMBRE (por defecto) o ASE_CODIGO; filtros q (identificación o nombre) e id (lista); total en Content-Range.',
      querystring: ListQuery, response: { 200: Type.Array(Adviser), ...errorResponses },
    },
  }, async (request, reply) => {
    const { offset, limit, sortField, sortOrder, filter } = parseListQuery(
      { ...request.query, range: request.query.range ?? '[0,499]' }, ['ASE_NOMBRE', 'ASE_CODIGO', 'id'] as const, ['ASE_NOMBRE', 'ASC'],
    );
    const conditions: SQL[] = [eq(asesores.ASE_ACTIVO, true)];
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === '') continue;
      if (key === 'q' && typeof value === 'string') conditions.push(matches(value));
      else if (key === 'id' && (Array.isArray(value) ? value : [value]).every((v) => Number.isInteger(v))) {
        conditions.push(inArray(asesores.ASE_CODIGO, (Array.isArray(value) ? value : [value]) as number[]));
      } else throw new HttpError(400, `El filtro ${key} no es válido; use q o id`);
    }
    const where = and(...conditions);
    const [{ total }] = await db.select({ total: count() }).from(asesores).where(where);
    const direction = sortOrder === 'ASC' ? asc : desc;
    const rows = await db.select().from(asesores).where(where)
      .orderBy(sortField === 'ASE_NOMBRE' ? direction(asesores.ASE_NOMBRE) : direction(asesores.ASE_CODIGO), asc(asesores.ASE_CODIGO))
      .limit(limit).offset(offset);
    return sendPage(reply, 'asesor', rows, offset, total);
  });

  app.post('/nombre', {
    preValidation: ctx.guards.admin,
    schema: {
      tags, ...secured, summary: `Busca asesores activos por identificación (prefijo) o nombre (hasta ${SEARCH_LIMIT})`,
      body: Type.Object({ filtro: text(100) }),
      response: { 200: Type.Array(Adviser), ...errorResponses },
    },
  }, async (request) => {
    if (!request.body.filtro.trim()) throw new HttpError(400, MSG.required('filtro'));
    return db.select().from(asesores).where(and(eq(asesores.ASE_ACTIVO, true), matches(request.body.filtro)))
      .orderBy(asc(asesores.ASE_NOMBRE)).limit(SEARCH_LIMIT);
  });
};

export default adviserRoutes;
