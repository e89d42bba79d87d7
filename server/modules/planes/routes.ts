import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { found } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { PERFIL } from '../../../domain/perfiles';
import { PLAN_MSG } from '../../../domain/planes';
import { Plan, PlanCuerpo } from './contract';
import { createPlan, deleteOrRetirePlan, findPlan, listPlans, updatePlan } from './repo';

const tags = ['Planes'];
const schemas = resourceSchemas(tags, Plan);

const CatalogQuery = Type.Object({
  ...ListQuery.properties,
  PLAN_TIPO: Type.Optional(
    Type.String({
      pattern: '^[VCTvct]$',
      description: 'V ventas, C compras, T todos; sin él, el tipo por defecto de la configuración (ventas)',
      errorMessage: PLAN_MSG.invalidType,
    }),
  ),
});

/**
 * The plan catalogue (resource `planes`): read by administrators and distributors (to sell), changed by
 * administrators only. A plan that was sold is retired, never deleted; editing it never changes what was sold.
 */
const planesRoutes: ModuleRoutes = (app, { db, guards }) => {
  /**
   * Menu permissions: the catalogue is administered from "Planes"; it is read there, by the company page's sell dialog
   * and by the plan filter of "Planes vendidos".
   */
  const readers = { permiso: ['planes', 'empresas', 'planesEmpresa'] };
  const catalogue = { permiso: 'planes' };

  app.get(
    '/empresas/planes',
    {
      onRequest: guards.admin,
      config: readers,
      schema: schemas.list(
        {
          summary: 'Catálogo de planes (filtrado por PLAN_TIPO salvo que sea T; por defecto ventas)',
          description:
            'PLAN_TIPO (V, C o T) en la consulta, como la especificación; o ra-data-simple-rest: range, sort (PLAN_ID, PLAN_NOMBRE, PLAN_COMPROBANTES, PLAN_DIAS, PLAN_PRECIO), filter JSON con PLAN_TIPO, PLAN_CLASE (E, I, O), PLAN_ACTIVO, q (parte del nombre), id. Sin range se envía el catálogo completo; total en Content-Range. Precios en USD sin IVA, con PLAN_IVA y PLAN_TOTAL aparte.',
        },
        CatalogQuery,
      ),
    },
    async (request, reply) => sendPage(reply, await listPlans(db, request.query)),
  );

  app.get(
    '/empresas/planes/:id',
    {
      onRequest: guards.admin,
      config: readers,
      schema: schemas.one({ summary: 'Un plan del catálogo' }),
    },
    async (request) => found(await findPlan(db, request.params.id), PLAN_MSG.notFound),
  );

  app.post(
    '/empresas/planes/catalogo',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config: catalogue,
      schema: schemas.create(
        {
          summary: 'Crea un plan del catálogo (solo administradores)',
          description: 'Nombre único por tipo y clase (409). PLAN_TIPO por defecto V, PLAN_CLASE por defecto E.',
        },
        PlanCuerpo,
      ),
    },
    async (request, reply) => reply.status(201).send(await createPlan(db, request.body)),
  );

  app.put(
    '/empresas/planes/catalogo/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config: catalogue,
      schema: schemas.update(
        { summary: 'Modifica un plan del catálogo (solo administradores); los planes ya vendidos no cambian' },
        PlanCuerpo,
      ),
    },
    async (request) => found(await updatePlan(db, request.params.id, request.body), PLAN_MSG.notFound),
  );

  app.delete(
    '/empresas/planes/catalogo/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      config: catalogue,
      schema: schemas.remove(
        { summary: 'Elimina un plan nunca vendido; uno ya vendido se retira (PLAN_ACTIVO false) en su lugar' },
        Type.Object({ msg: Type.String() }),
      ),
    },
    async (request) => {
      const result = found(await deleteOrRetirePlan(db, request.params.id), PLAN_MSG.notFound);
      return { msg: result === 'deleted' ? PLAN_MSG.deleted : PLAN_MSG.retiredInstead };
    },
  );
};

export default planesRoutes;
