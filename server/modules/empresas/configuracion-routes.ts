import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { actorOf } from '../../core/actor';
import { HttpError } from '../../core/errors';
import { errorResponses, IdParam } from '../../core/schemas';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import {
  AmbienteCambio,
  AmbienteGuardado,
  EstablecimientoDatos,
  EstablecimientoEmpresa,
  MI_EMPRESA_MSG,
  MiEmpresaDatos,
  PrimerosPasos,
  PuntoDatos,
} from './contract';
import {
  createEstablishment,
  createPoint,
  firstSteps,
  ownEstablishments,
  setEnvironment,
  updateEstablishment,
  updateOwnData,
  updatePoint,
} from './configuracion-repo';

const tags = ['Empresa'];
const Saved = Type.Object({ id: Type.Integer(), establecimientos: Type.Array(EstablecimientoEmpresa), msg: Type.String() });
/** Accounting reads the set-up; only the company's administrator changes it (403 ROL_SIN_PERMISO to the others). */
const read = { permiso: 'mi-empresa', roles: ROLES_PERMITIDOS.empresa.leer };
const configure = { permiso: 'mi-empresa', roles: ROLES_PERMITIDOS.empresa.configurar };

/**
 * The company sets itself up from "Mi empresa": its establishments and emission points (SRI numbers 001-999, and the
 * next sequential of a point that comes from another provider), its environment, and the home's first steps. The
 * company is always the session's: another company's establishment or point is a 404.
 */
const companySetupRoutes: ModuleRoutes = (app, { db, guards }) => {
  const answer = async (empresa: number, id: number, msg: string) => ({ id, establecimientos: await ownEstablishments(db, empresa), msg });

  app.put(
    '/miEmpresa/datos',
    {
      onRequest: guards.company,
      config: configure,
      schema: {
        tags,
        summary:
          'Modifica los datos que imprimen las facturas de la empresa de la sesión: dirección matriz, teléfonos, contabilidad, resoluciones, RIMPE',
        description: 'El RUC, los nombres y el correo los cambia el proveedor. Queda en el historial.',
        body: MiEmpresaDatos,
        response: { 200: Type.Object({ msg: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      await db.transaction((tx) => updateOwnData(tx, actorOf(request), request.company!.empresa, request.body));
      return { msg: MI_EMPRESA_MSG.dataSaved };
    },
  );

  app.get(
    '/miEmpresa/establecimientos',
    {
      onRequest: guards.company,
      config: read,
      schema: {
        tags,
        summary: 'Establecimientos y puntos de emisión de la empresa de la sesión, con el próximo secuencial de factura de cada punto',
        response: { 200: Type.Array(EstablecimientoEmpresa), ...errorResponses },
      },
    },
    async (request) => ownEstablishments(db, request.company!.empresa),
  );

  app.post(
    '/miEmpresa/establecimientos',
    {
      onRequest: guards.company,
      config: configure,
      schema: {
        tags,
        summary: 'Agrega un establecimiento (número del 001 al 999, único en la empresa: si ya existe, 409)',
        body: EstablecimientoDatos,
        response: { 201: Saved, ...errorResponses },
      },
    },
    async (request, reply) => {
      const empresa = request.company!.empresa;
      const id = await db.transaction((tx) => createEstablishment(tx, actorOf(request), empresa, request.body));
      return reply.status(201).send(await answer(empresa, id, MI_EMPRESA_MSG.establishmentSaved));
    },
  );

  app.put(
    '/miEmpresa/establecimientos/:id',
    {
      onRequest: guards.company,
      config: configure,
      schema: {
        tags,
        summary: 'Modifica un establecimiento de la empresa (el de otra empresa, 404; un número ya usado, 409)',
        params: IdParam('id'),
        body: EstablecimientoDatos,
        response: { 200: Saved, ...errorResponses },
      },
    },
    async (request) => {
      const empresa = request.company!.empresa;
      const { id } = request.params;
      await db.transaction((tx) => updateEstablishment(tx, actorOf(request), empresa, id, request.body));
      return answer(empresa, id, MI_EMPRESA_MSG.establishmentSaved);
    },
  );

  app.post(
    '/miEmpresa/establecimientos/:id/puntos',
    {
      onRequest: guards.company,
      config: configure,
      schema: {
        tags,
        summary: 'Agrega un punto de emisión al establecimiento {id} (número del 001 al 999, único en el establecimiento)',
        description: 'siguiente: el número que tomará la primera factura del punto cuando viene de otro proveedor (por defecto 1).',
        params: IdParam('id'),
        body: PuntoDatos,
        response: { 201: Saved, ...errorResponses },
      },
    },
    async (request, reply) => {
      const empresa = request.company!.empresa;
      const id = await db.transaction((tx) => createPoint(tx, actorOf(request), empresa, request.params.id, request.body));
      return reply.status(201).send(await answer(empresa, id, MI_EMPRESA_MSG.pointSaved));
    },
  );

  app.put(
    '/miEmpresa/puntos/:id',
    {
      onRequest: guards.company,
      config: configure,
      schema: {
        tags,
        summary: 'Modifica un punto de emisión de la empresa y, si se envía, su siguiente secuencial',
        description: 'siguiente debe ser mayor que el último secuencial ya emitido en el punto; si no, 409.',
        params: IdParam('id'),
        body: PuntoDatos,
        response: { 200: Saved, ...errorResponses },
      },
    },
    async (request) => {
      const empresa = request.company!.empresa;
      const { id } = request.params;
      await db.transaction((tx) => updatePoint(tx, actorOf(request), empresa, id, request.body));
      return answer(empresa, id, MI_EMPRESA_MSG.pointSaved);
    },
  );

  app.put(
    '/miEmpresa/ambiente',
    {
      onRequest: guards.company,
      config: configure,
      schema: {
        tags,
        summary: 'Cambia el ambiente de emisión de la empresa: 1 pruebas, 2 producción',
        description: 'Pasar a producción exige confirmar: true (si no, 400). Cada cambio queda en el historial de la empresa.',
        body: AmbienteCambio,
        response: { 200: AmbienteGuardado, ...errorResponses },
      },
    },
    async (request) => {
      const { ambiente, confirmar } = request.body;
      if (ambiente === 2 && confirmar !== true) throw new HttpError(400, MI_EMPRESA_MSG.confirmProduction);
      await db.transaction((tx) => setEnvironment(tx, actorOf(request), request.company!.empresa, ambiente));
      return { EMP_AMBIENTE: ambiente, msg: MI_EMPRESA_MSG.ambienteSaved(ambiente) };
    },
  );

  app.get(
    '/miEmpresa/primerosPasos',
    {
      onRequest: guards.company,
      // The home's checklist, whatever the company's menu and the user's role.
      config: { permiso: null, roles: ROLES_PERMITIDOS.todos },
      schema: {
        tags,
        summary: 'Primeros pasos de la empresa de la sesión: plan, firma, punto de emisión, primer cliente, producto y factura',
        response: { 200: PrimerosPasos, ...errorResponses },
      },
    },
    async (request) => firstSteps(db, request.company!.empresa),
  );
};

export default companySetupRoutes;
