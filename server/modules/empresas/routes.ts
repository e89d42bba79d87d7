import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { recordAudit } from '../../core/audit';
import { errorResponses, IdParam } from '../../core/schemas';
import { ListQuery, sendPage } from '../../core/list';
import { hashPassword } from '../../infra/passwords';
import { MSG } from '../../../domain/messages';
import { PERFIL } from '../../../domain/perfiles';
import { checkRuc } from '../../../domain/identifiers';
import { ESTADO_COMPROBACION } from '../../../domain/empresas';
import { findVisibleCompany } from '../../core/companies';
import {
  AccesoEmpresa,
  Comprobacion,
  ComprobacionCambio,
  EMPRESA_MSG,
  EmpresaCabecera,
  EmpresaCambios,
  EmpresaEliminada,
  EmpresaFicha,
  EmpresaGuardada,
  EmpresaNueva,
  HistorialEntrada,
  MiEmpresa,
} from './contract';
import {
  companyAccesses,
  companyCheck,
  companyHeader,
  companyHistory,
  companyRecord,
  createCompanyByHand,
  deleteCompany,
  deletionBlocker,
  saveCompany,
  setCompanyCheck,
} from './repo';
import { findCompany } from '../../core/companies';
import { checkMail } from './mails';
import { latestPlan } from '../planesEmpresa';
import companyListRoutes from './list-routes';
import logoRoutes from './logo-routes';
import companySetupRoutes from './configuracion-routes';
import { ROLES_PERMITIDOS } from '../../../domain/roles';

const tags = ['Empresas (administración)'];
const Id = IdParam('id');
/** A checksum that fails is only a warning: the SRI has issued real RUCs that fail it (domain/identifiers.ts). */
const rucWarnings = (ruc: string) => [checkRuc(ruc).warning].filter((w): w is string => Boolean(w));

/**
 * The company page of the back office: read, edit (one transaction with establishments and menus, optimistic
 * version), create by hand, delete, the check state, the history and distributors' entries. Every route finds the
 * company through findVisibleCompany or companyScope: a distributor asking for another's company gets 404.
 */
const companyPageRoutes: ModuleRoutes = (app, { db, guards, mailer, files }) => {
  /** Administrators only; a distributor still gets 404 for a company that is not its own, 403 for its own. */
  const administratorOnly = (request: FastifyRequest) => {
    if (request.admin!.perfil !== PERFIL.administrador) throw new HttpError(403, MSG.forbidden);
  };
  const record = async (id: number) => (await companyRecord(db, id))!;

  app.get(
    '/empresas/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Ficha completa de una empresa: datos, establecimientos y puntos de emisión, menús, plan, firma y cantidades',
        description: 'EMP_VERSION es la versión leída: PUT /empresas/{EMP_CODIGO} la exige para no pisar cambios de otra persona.',
        params: Id,
        response: { 200: EmpresaFicha, ...errorResponses },
      },
    },
    async (request) => {
      await findVisibleCompany(db, request.admin!, request.params.id);
      return record(request.params.id);
    },
  );

  app.get(
    '/empresas/empresas/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Cabecera de una empresa: RUC, nombres, estado, verificación, distribuidor y estado del plan y de la firma',
        description:
          'Lo que la ficha muestra arriba de sus pestañas, sin leer la ficha entera. planEstado y firmaEstado: vigente, por_vencer (30 días o menos), vencido o sin.',
        params: Id,
        response: { 200: EmpresaCabecera, ...errorResponses },
      },
    },
    async (request) => {
      await findVisibleCompany(db, request.admin!, request.params.id);
      return (await companyHeader(db, request.params.id))!;
    },
  );

  app.put(
    '/empresas/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Guarda la ficha de una empresa: datos, establecimientos con sus puntos de emisión y, si se envían, sus menús',
        description:
          'Una sola transacción: si algo falla no se guarda nada. establecimientos es la lista completa (los que traen EST_CODIGO/PEM_CODIGO se actualizan, los nuevos se agregan, los que faltan se eliminan). EMP_VERSION debe ser la versión leída: si otra persona guardó antes, 409. EMP_DISTRIBUIDOR solo lo cambia un administrador. Un RUC con dígito verificador inválido se guarda y se avisa en advertencias.',
        params: Id,
        body: EmpresaCambios,
        response: { 200: EmpresaGuardada, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await saveCompany(db, request.admin!, id, request.body);
      return { ...(await record(id)), advertencias: rucWarnings(request.body.EMP_RUC) };
    },
  );

  app.post(
    '/empresas',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Crea una empresa a mano, ya verificada, con los menús por defecto y opcionalmente su primer usuario',
        description:
          'Mismas reglas que el registro (RUC de 13 dígitos; un dígito verificador inválido es una advertencia). Si la crea un distribuidor, queda asignada a él; un administrador puede indicar EMP_DISTRIBUIDOR. usuario y clave van juntos o no van.',
        body: EmpresaNueva,
        response: { 201: EmpresaGuardada, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (Boolean(body.usuario) !== Boolean(body.clave)) throw new HttpError(400, MSG.required(body.usuario ? 'clave' : 'usuario'));
      const claveHash = body.clave ? await hashPassword(body.clave) : undefined;
      const id = (await createCompanyByHand(db, request.admin!, { ...body, claveHash }))!;
      return reply.status(201).send({ ...(await record(id)), advertencias: rucWarnings(body.EMP_RUC) });
    },
  );

  app.delete(
    '/empresas/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Elimina una empresa sin pagos, planes ni tickets (solo administradores); si los tiene, 409 y se puede desactivar',
        params: Id,
        response: { 200: EmpresaEliminada, ...errorResponses },
      },
    },
    async (request) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      administratorOnly(request);
      const blocker = await deletionBlocker(db, company);
      if (blocker) throw new HttpError(409, blocker);
      await files.transaction(async (tx, release) => {
        await deleteCompany(tx, company.EMP_CODIGO, release);
        // Its history goes with it: the global audit log keeps the removal.
        await recordAudit(tx, request.admin!, {
          recurso: 'empresas',
          registro: company.EMP_CODIGO,
          accion: 'eliminacion',
          antes: { EMP_RUC: company.EMP_RUC, EMP_NOMBREC: company.EMP_NOMBREC, EMP_NOMBRE: company.EMP_NOMBRE },
        });
      });
      request.log.info({ empresa: company.EMP_CODIGO, admin: request.admin!.admin }, 'empresa eliminada');
      return { EMP_CODIGO: company.EMP_CODIGO, msg: EMPRESA_MSG.deleted(company.EMP_NOMBREC) };
    },
  );

  app.get(
    '/empresas/comprobarEmpresa/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Estado de verificación de una empresa, motivo del rechazo y sus pagos (el comprobante del registro entre ellos)',
        params: Id,
        response: { 200: Comprobacion, ...errorResponses },
      },
    },
    async (request) => companyCheck(db, await findVisibleCompany(db, request.admin!, request.params.id)),
  );

  app.put(
    '/empresas/comprobarEmpresaEstado/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Verifica, rechaza o devuelve a pendiente una empresa (solo administradores)',
        description:
          'motivo es obligatorio para RECHAZADA. Al verificar o rechazar se envía un correo a EMP_CORREO (con el motivo del rechazo). Queda en el historial.',
        params: Id,
        body: ComprobacionCambio,
        response: { 200: Comprobacion, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await findVisibleCompany(db, request.admin!, id);
      administratorOnly(request);
      const { estado } = request.body;
      const motivo = request.body.motivo?.trim() || null;
      if (estado === ESTADO_COMPROBACION.rechazada && !motivo) throw new HttpError(400, EMPRESA_MSG.reasonRequired);
      const { before, changed } = await setCompanyCheck(
        db,
        request.admin!,
        id,
        estado,
        estado === ESTADO_COMPROBACION.rechazada ? motivo : null,
      );
      const mail = changed ? checkMail(before, estado, motivo) : undefined;
      if (mail) {
        // The change stands whatever the mail server says; the failure is logged.
        await mailer
          .send(mail)
          .catch((error: Error) => request.log.error({ err: { message: error.message } }, 'no se pudo enviar el correo de verificación'));
      }
      return companyCheck(db, await findVisibleCompany(db, request.admin!, id));
    },
  );

  app.get(
    '/empresas/historial/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Historial de cambios de una empresa, el más reciente primero (ra-data-simple-rest; total en Content-Range)',
        description:
          'Quién, qué, antes y después, cuándo. Orden por HIS_ID. Filtro: HIS_ACCION (creacion, datos, menus, usuario, pago, comprobacion, firma, estado, plan, api: lo que hizo una clave de API o cómo se gestionaron las claves y los webhooks).',
        params: Id,
        querystring: ListQuery,
        response: { 200: Type.Array(HistorialEntrada), ...errorResponses },
      },
    },
    async (request, reply) => {
      await findVisibleCompany(db, request.admin!, request.params.id);
      return sendPage(reply, await companyHistory(db, request.params.id, request.query));
    },
  );

  app.get(
    '/empresas/accesos/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Ingresos de distribuidores a la aplicación de esta empresa, el más reciente primero (total en Content-Range)',
        params: Id,
        querystring: ListQuery,
        response: { 200: Type.Array(AccesoEmpresa), ...errorResponses },
      },
    },
    async (request, reply) => {
      await findVisibleCompany(db, request.admin!, request.params.id);
      return sendPage(reply, await companyAccesses(db, request.params.id, request.query));
    },
  );
};

/** The company of the session: what the company application shows on its home and "Mi empresa" pages. */
const companyRoutes: ModuleRoutes = async (app, ctx) => {
  const { db, guards } = ctx;
  await companyListRoutes(app, ctx);
  await logoRoutes(app, ctx);
  await companySetupRoutes(app, ctx);
  app.get(
    '/miEmpresa',
    {
      onRequest: guards.company,
      // The "Mi empresa" page's data: a company without that entry gets 403 SIN_ACCESO (its home reads the session).
      config: { permiso: 'mi-empresa', roles: ROLES_PERMITIDOS.empresa.leer },
      schema: { tags: ['Empresa'], summary: 'Datos y plan de la empresa de la sesión', response: { 200: MiEmpresa, ...errorResponses } },
    },
    async (request) => {
      const id = request.company!.empresa;
      const company = (await findCompany(db, id))!;
      return {
        ...company,
        firma: company.EMP_FIRMA_CADUCA !== null,
        logo: company.EMP_LOGO !== null,
        plan: (await latestPlan(db, id)) ?? null,
      };
    },
  );
  await companyPageRoutes(app, ctx);
};

export default companyRoutes;
