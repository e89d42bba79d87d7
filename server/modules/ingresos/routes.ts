import { Type } from '@fastify/type-provider-typebox';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { RouteArea } from '../../core/context';
import { HttpError } from '../../core/errors';
import { MSG } from '../../../src/domain/messages';
import { PRF_ADMINISTRADOR } from '../../../src/domain/constants';
import { administradores, empresas, ingresosDistribuidor, usuarios } from '../../infra/db/schema';
import { errorResponses } from '../../core/schemas';
import { ListQuery, parseListQuery, sendPage } from '../../core/list';

const Entry = Type.Object({
  ING_CODIGO: Type.Integer(),
  ING_FECHA: Type.String(),
  ING_IP: Type.Union([Type.String(), Type.Null()]),
  ADM_USUARIO: Type.String(),
  ADM_NOMBRE: Type.String(),
  EMP_RUC: Type.String(),
  EMP_NOMBREC: Type.String(),
  USU_USUARIO: Type.String(),
});

/** Audit trail of distributors entering companies (who, which company, as which user, when). Administrators only. */
const entriesRoutes: RouteArea = (app, ctx) => {
  app.get('/', {
    preValidation: ctx.guards.admin,
    schema: { tags: ['Administración'], summary: 'Ingresos de distribuidores a empresas', querystring: ListQuery, response: { 200: Type.Array(Entry), ...errorResponses } },
  }, async (request, reply) => {
    if (request.admin!.perfil !== PRF_ADMINISTRADOR) throw new HttpError(403, MSG.forbidden);
    const { offset, limit, sortOrder } = parseListQuery(request.query, ['ING_FECHA', 'ING_CODIGO'] as const, ['ING_FECHA', 'DESC']);
    const [{ total }] = await ctx.db.select({ total: count() }).from(ingresosDistribuidor);
    const rows = await ctx.db.select({
      ING_CODIGO: ingresosDistribuidor.ING_CODIGO, ING_FECHA: ingresosDistribuidor.ING_FECHA, ING_IP: ingresosDistribuidor.ING_IP,
      ADM_USUARIO: administradores.ADM_USUARIO, ADM_NOMBRE: administradores.ADM_NOMBRE,
      EMP_RUC: empresas.EMP_RUC, EMP_NOMBREC: empresas.EMP_NOMBREC, USU_USUARIO: usuarios.USU_USUARIO,
    }).from(ingresosDistribuidor)
      .innerJoin(administradores, eq(administradores.ADM_CODIGO, ingresosDistribuidor.ADM_CODIGO))
      .innerJoin(empresas, eq(empresas.EMP_CODIGO, ingresosDistribuidor.EMP_CODIGO))
      .innerJoin(usuarios, eq(usuarios.USU_CODIGO, ingresosDistribuidor.USU_CODIGO))
      .orderBy(sortOrder === 'ASC' ? asc(ingresosDistribuidor.ING_CODIGO) : desc(ingresosDistribuidor.ING_CODIGO))
      .limit(limit).offset(offset);
    return sendPage(reply, 'ingresos', rows.map((r) => ({ ...r, ING_FECHA: r.ING_FECHA.toISOString() })), offset, total);
  });
};

export default entriesRoutes;
