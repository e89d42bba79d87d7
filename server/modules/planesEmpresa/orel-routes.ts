import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { errorResponses, IdParam } from '../../core/schemas';
import { PLAN_CLASE, PLAN_MSG } from '../../../domain/planes';
import { findVisibleCompany } from '../../core/companies';
import { EdicionPlan, OrelUtilizados, PlanOrel, PlanOrelGuardado, VentaPlan } from './contract';
import { companySales, findVisibleSale, saleById, toPlanEmpresa, toPlanOrel } from './repo';
import { editSale, sellPlan } from './service';

const tags = ['Planes Orel'];
const Id = IdParam('id');
const OREL = [PLAN_CLASE.orel] as const;

/**
 * Orel plans: the same sales table (class O) under the PLANOREL_* names. Its published update path is spelled
 * planesOreL; the lower-case spelling answers too.
 */
const orelRoutes: ModuleRoutes = (app, { db, guards }) => {
  const orelOf = async (id: number) => toPlanOrel(toPlanEmpresa((await saleById(db, id))!));

  app.get(
    '/empresas/planesEmpresaOrel/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Planes Orel de la empresa {id}, el más reciente primero',
        params: Id,
        response: { 200: Type.Array(PlanOrel), ...errorResponses },
      },
    },
    async (request) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      return (await companySales(db, company.EMP_CODIGO, OREL)).map(toPlanOrel);
    },
  );

  app.get(
    '/empresas/planesOrel/:id',
    {
      onRequest: guards.admin,
      schema: { tags, summary: 'Un plan Orel vendido {PLANOREL_ID}', params: Id, response: { 200: PlanOrel, ...errorResponses } },
    },
    async (request) => toPlanOrel(toPlanEmpresa(await findVisibleSale(db, request.admin!, request.params.id, PLAN_CLASE.orel))),
  );

  app.post(
    '/empresas/planesOrel',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Vende un plan Orel a una empresa (mismas reglas de fechas que POST /empresas/planes)',
        body: VentaPlan,
        response: { 201: PlanOrelGuardado, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = await sellPlan(db, request.admin!, request.body, OREL);
      return reply.status(201).send({ ...(await orelOf(id)), msg: PLAN_MSG.saved });
    },
  );

  for (const path of ['/empresas/planesOreL/:id', '/empresas/planesOrel/:id']) {
    app.put(
      path,
      {
        onRequest: guards.admin,
        schema: {
          tags,
          summary: 'Corrige un plan Orel vendido {PLANOREL_ID}: fechas, comprobantes, precio, pago y observación',
          params: Id,
          body: EdicionPlan,
          response: { 200: PlanOrelGuardado, ...errorResponses },
        },
      },
      async (request) => {
        await editSale(db, request.admin!, request.params.id, request.body, PLAN_CLASE.orel);
        return { ...(await orelOf(request.params.id)), msg: PLAN_MSG.saved };
      },
    );
  }

  app.get(
    '/planes/plan/orel/utilizados/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Comprobantes usados del plan Orel {PLANOREL_ID}: incluidos, utilizados y disponibles',
        params: Id,
        response: { 200: OrelUtilizados, ...errorResponses },
      },
    },
    async (request) => {
      const sale = await findVisibleSale(db, request.admin!, request.params.id, PLAN_CLASE.orel);
      return {
        PLANOREL_ID: sale.PLANEMPRESA_ID,
        comprobantes: sale.PLANEMPRESA_COMPROBANTES,
        utilizados: sale.PLANEMPRESA_USADOS,
        disponibles: Math.max(sale.PLANEMPRESA_COMPROBANTES - sale.PLANEMPRESA_USADOS, 0),
      };
    },
  );
};

export default orelRoutes;
