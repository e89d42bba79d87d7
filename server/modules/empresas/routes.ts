import type { ModuleRoutes } from '../../core/context';
import { errorResponses } from '../../core/schemas';
import { MiEmpresa } from './contract';
import { findCompany, latestPlan } from './repo';

/** The company of the session: what the company application shows on its home and "Mi empresa" pages. */
const companyRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/miEmpresa',
    {
      onRequest: guards.company,
      schema: { tags: ['Empresa'], summary: 'Datos y plan de la empresa de la sesión', response: { 200: MiEmpresa, ...errorResponses } },
    },
    async (request) => {
      const id = request.company!.empresa;
      const company = (await findCompany(db, id))!;
      return { ...company, firma: Boolean(company.EMP_FIRMA), plan: (await latestPlan(db, id)) ?? null };
    },
  );
};

export default companyRoutes;
