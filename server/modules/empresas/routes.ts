import { Type } from '@fastify/type-provider-typebox';
import { desc, eq } from 'drizzle-orm';
import type { RouteArea } from '../../core/context';
import { empresas, planes, planesEmpresa } from '../../infra/db/schema';
import { errorResponses } from '../../core/schemas';

const MyCompany = Type.Object({
  EMP_CODIGO: Type.Integer(),
  EMP_RUC: Type.String(),
  EMP_NOMBREC: Type.String(),
  EMP_NOMBRE: Type.String(),
  EMP_CORREO: Type.String(),
  EMP_TELEFONO: Type.Union([Type.String(), Type.Null()]),
  firma: Type.Boolean({ description: 'Tiene firma electrónica registrada' }),
  plan: Type.Union([Type.Null(), Type.Object({
    PLAN_NOMBRE: Type.String(), PLAN_COMPROBANTES: Type.Integer(), PLANEMPRESA_INICIO: Type.String(), PLANEMPRESA_CADUCA: Type.String(),
  })]),
});

/** The company of the session: what the company application shows on its home and "Mi empresa" pages. */
const companyRoutes: RouteArea = (app, ctx) => {
  app.get('/miEmpresa', {
    preValidation: ctx.guards.company,
    schema: { tags: ['Empresa'], summary: 'Datos y plan de la empresa de la sesión', response: { 200: MyCompany, ...errorResponses } },
  }, async (request) => {
    const id = request.company!.empresa;
    const [company] = await ctx.db.select().from(empresas).where(eq(empresas.EMP_CODIGO, id));
    const [plan] = await ctx.db.select({
      PLAN_NOMBRE: planes.PLAN_NOMBRE, PLAN_COMPROBANTES: planes.PLAN_COMPROBANTES,
      PLANEMPRESA_INICIO: planesEmpresa.PLANEMPRESA_INICIO, PLANEMPRESA_CADUCA: planesEmpresa.PLANEMPRESA_CADUCA,
    }).from(planesEmpresa).innerJoin(planes, eq(planes.PLAN_ID, planesEmpresa.PLAN_ID))
      .where(eq(planesEmpresa.EMP_CODIGO, id)).orderBy(desc(planesEmpresa.PLANEMPRESA_CADUCA)).limit(1);
    return { ...company, firma: Boolean(company.EMP_FIRMA), plan: plan ?? null };
  });
};

export default companyRoutes;
