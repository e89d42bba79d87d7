import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { ListQuery, sendPage } from '../../core/list';
import { errorResponses, IdParam, Msg } from '../../core/schemas';
import { PERFIL } from '../../../domain/perfiles';
import { hoyEcuador } from '../../../domain/fechas';
import { PLAN_CLASE, PLAN_MSG } from '../../../domain/planes';
import { findVisibleCompany } from '../../core/companies';
import { currentSignatureExpiry } from '../firmas';
import { planAndSignatureNotice } from './plan-notice';
import { EdicionPlan, MiPlan, PlanEmpresa, PlanEmpresaGuardado, PlanesCombinados, ResumenPlanes, VentaPlan } from './contract';
import { companySales, saleById, toPlanEmpresa } from './repo';
import { listSales } from './list-repo';
import { plansSummary } from './resumen';
import { combinedPlans, CombinedQueryFailed } from './combined';
import { electronicPlans } from './consumption';
import { planStanding } from './standing';
import { editSale, removeSale, sellPlan } from './service';
import documentRoutes from './documento-routes';
import orelRoutes from './orel-routes';
import { ROLES_PERMITIDOS } from '../../../domain/roles';

const tags = ['Planes'];
const Id = IdParam('id');
/** The classes POST and PUT /empresas/planes sell and correct; Orel plans have their own routes. */
const OWN_CLASSES = [PLAN_CLASE.electronico, PLAN_CLASE.imprenta] as const;
const SALES_FILTERS =
  'Filtros (filter, JSON): q (inicio del RUC o parte del nombre de la empresa), EMP_CODIGO, PLAN_ID, PLANEMPRESA_CLASE (E, I, O), PLANEMPRESA_TIPO (V, C), estado (vigente, por_vencer, vencido, agotado, programado; hoy en Ecuador), desde y hasta (AAAA-MM-DD, fecha de la venta), id (lista). Orden (sort): PLANEMPRESA_ID, PLANEMPRESA_FECHA, PLANEMPRESA_CADUCA, PLANEMPRESA_PRECIO (por defecto PLANEMPRESA_ID DESC).';

/**
 * Plans sold to companies (one table for every class): a company's plans tab, every sale ("Planes vendidos"), selling,
 * correcting and removing, the combined query, the sales team's summary and the company application's own plan.
 * A distributor only ever reaches its own companies' plans: another's is a 404.
 */
const planesEmpresaRoutes: ModuleRoutes = async (app, ctx) => {
  const { db, files, guards } = ctx;
  await documentRoutes(app, ctx);
  await orelRoutes(app, ctx);

  app.get(
    '/empresas/planesEmpresa/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary:
          'Planes propios e imprenta de la empresa {id}, el más reciente primero, con su estado y las banderas de descarga y edición',
        params: Id,
        response: { 200: Type.Array(PlanEmpresa), ...errorResponses },
      },
    },
    async (request) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      return companySales(db, company.EMP_CODIGO, OWN_CLASSES);
    },
  );

  app.get(
    '/empresas/planesEmpresa',
    {
      onRequest: guards.admin,
      // The "Planes vendidos" list; selling and correcting happen on the company page (the module's 'empresas').
      config: { permiso: 'planesEmpresa' },
      schema: {
        tags,
        summary: 'Planes vendidos a las empresas visibles (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
        description: SALES_FILTERS,
        querystring: ListQuery,
        response: { 200: Type.Array(PlanEmpresa), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listSales(db, request.admin!, request.query)),
  );

  app.get(
    '/empresas/planes/resumen',
    {
      onRequest: guards.admin,
      // The administration home's sales card: every profile's home shows it.
      config: { permiso: null },
      schema: {
        tags,
        summary: 'Cifras de ventas de planes: vendidos este mes, renovaciones de los próximos 30 días y empresas sin plan',
        description:
          'Sobre las empresas que ve quien llama. sinPlan: empresas activas cuyo último plan electrónico terminó o que nunca tuvieron uno; porVencer: empresas activas cuyo plan electrónico termina en 30 días o menos; renovaciones: planes electrónicos que terminan en ese plazo sin otro posterior del mismo tipo.',
        response: { 200: ResumenPlanes, ...errorResponses },
      },
    },
    async (request) => plansSummary(db, request.admin!),
  );

  app.get(
    '/empresas/planesCombinados/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Consulta combinada de planes de la empresa {id}: propios, imprenta y Orel, el más reciente primero',
        description: `Si la consulta de una clase falla, esa parte se omite y su clase aparece en fallidas; si fallan las tres, 503 con "${PLAN_MSG.queryFailed}".`,
        params: Id,
        response: { 200: PlanesCombinados, ...errorResponses, 503: Msg },
      },
    },
    async (request, reply) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      try {
        return await combinedPlans((clase) => companySales(db, company.EMP_CODIGO, [clase]), request.log);
      } catch (error) {
        if (error instanceof CombinedQueryFailed) return reply.status(503).send({ msg: error.message });
        throw error;
      }
    },
  );

  app.post(
    '/empresas/planes',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Vende un plan (comprobantes electrónicos o imprenta) a una empresa',
        description:
          'Sin PLANEMPRESA_INICIO empieza el día siguiente al vencimiento del último plan de la misma clase y tipo, u hoy si ya venció. El vencimiento sale de la duración del plan. Fechas cruzadas con otro plan de la misma clase y tipo: 409. PAG_CODIGO debe ser un pago de la empresa.',
        body: VentaPlan,
        response: { 201: PlanEmpresaGuardado, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = await sellPlan(db, request.admin!, request.body, OWN_CLASSES);
      return reply.status(201).send({ ...toPlanEmpresa((await saleById(db, id))!), msg: PLAN_MSG.saved });
    },
  );

  app.put(
    '/empresas/planes/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Corrige un plan vendido {PLANEMPRESA_ID}: fechas, comprobantes, precio, pago y observación',
        params: Id,
        body: EdicionPlan,
        response: { 200: PlanEmpresaGuardado, ...errorResponses },
      },
    },
    async (request) => {
      await editSale(db, request.admin!, request.params.id, request.body);
      return { ...toPlanEmpresa((await saleById(db, request.params.id))!), msg: PLAN_MSG.saved };
    },
  );

  app.delete(
    '/empresas/planes/:id',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      schema: {
        tags,
        summary: 'Elimina un plan vendido sin comprobantes emitidos, con su documento (solo administradores)',
        params: Id,
        response: { 200: Msg, ...errorResponses },
      },
    },
    async (request) => {
      await removeSale(files, db, request.admin!, request.params.id);
      return { msg: PLAN_MSG.removed };
    },
  );

  app.get(
    '/miEmpresa/plan',
    {
      onRequest: guards.company,
      // The company home's plan card.
      config: { permiso: null, roles: ROLES_PERMITIDOS.todos },
      schema: {
        tags: ['Empresa'],
        summary: 'El plan de comprobantes electrónicos de la empresa de la sesión (el vigente, o el último) y su aviso',
        response: { 200: MiPlan, ...errorResponses },
      },
    },
    async (request) => {
      const empresa = request.company!.empresa;
      const hoy = hoyEcuador();
      const [plans, signature] = await Promise.all([electronicPlans(db, empresa), currentSignatureExpiry(db, empresa)]);
      const { current } = planStanding(plans, hoy);
      const shown = current ?? plans.at(-1);
      const row = shown ? await saleById(db, shown.PLANEMPRESA_ID) : undefined;
      return { plan: row ? toPlanEmpresa(row, hoy) : null, aviso: planAndSignatureNotice(plans, signature, hoy) };
    },
  );
};

export default planesEmpresaRoutes;
