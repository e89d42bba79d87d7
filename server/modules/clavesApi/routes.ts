import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { ListQuery, sendPage } from '../../core/list';
import { errorResponses, IdParam } from '../../core/schemas';
import { PERMISOS_CLAVE } from '../../../domain/integraciones';
import { ActividadClave, ClaveApi, ClaveApiCreada, ClaveApiEdicion, ClaveApiNueva, ClaveApiRevocada } from './contract';
import { keyActivity, listKeys } from './repo';
import { createKey, renameCompanyKey, revokeCompanyKey, visibleKey } from './service';

const tags = ['Claves de API'];
const schemas = resourceSchemas(tags, ClaveApi);
const Id = IdParam('id');
const SCOPE = 'Solo las claves de la empresa de la sesión (la de otra empresa responde 404). Nunca envía la clave.';
const USO = `La clave se envía como Authorization: Bearer amk_… a la API de la empresa; actúa por el administrador que la creó mientras siga siéndolo, en las secciones ${PERMISOS_CLAVE.join(', ')}: con «leer» las consultas (GET), con «emitir» lo demás. Esta sección solo se usa con una sesión.`;

/**
 * The company's API keys (resource `clavesApi`, menu `clavesApi`, its administrador only: the module's line): list,
 * one, what a key did, create (the key shown once), rename and revoke. No delete: the history keeps naming the key.
 */
const clavesApiRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: schemas.list(
        {
          summary: 'Claves de API de la empresa',
          description: `${SCOPE} ra-data-simple-rest: orden por CLA_CODIGO (por defecto, descendente), CLA_NOMBRE o CLA_ULTIMO_USO; filtros q (parte del nombre o del prefijo), revocada (true/false) e id. Total en Content-Range.`,
        },
        ListQuery,
      ),
    },
    async (request, reply) => sendPage(reply, await listKeys(db, request.company!.empresa, request.query)),
  );

  app.get(
    '/:id',
    { onRequest: guards.company, schema: schemas.one({ summary: 'Una clave de API', description: SCOPE }) },
    async (request) => visibleKey(db, request.company!.empresa, request.params.id),
  );

  app.get(
    '/:id/actividad',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Lo que hizo una clave de API: sus líneas del historial de la empresa, la más reciente primero',
        description: `${SCOPE} Paginado (range; total en Content-Range); filtro q (parte de la descripción).`,
        params: Id,
        querystring: ListQuery,
        response: { 200: Type.Array(ActividadClave), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { empresa } = request.company!;
      const clave = await visibleKey(db, empresa, request.params.id);
      return sendPage(reply, await keyActivity(db, { empresa, clave: clave.CLA_CODIGO }, request.query));
    },
  );

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea una clave de API',
        description: `Responde la clave (campo clave) esta única vez: se guarda solo su huella. ${USO} Queda en el historial de la empresa.`,
        body: ClaveApiNueva,
        response: { 201: ClaveApiCreada, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createKey(db, request.company!, request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.company,
      schema: schemas.update(
        {
          summary: 'Cambia el nombre de una clave de API',
          description: `${SCOPE} Sus alcances no cambian: para otros, cree otra clave. Queda en el historial de la empresa.`,
        },
        ClaveApiEdicion,
      ),
    },
    async (request) => renameCompanyKey(db, request.company!, request.params.id, request.body),
  );

  app.post(
    '/:id/revocar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Revoca una clave de API',
        description: `${SCOPE} Deja de funcionar desde la siguiente solicitud, en todas las instancias (401). Una clave ya revocada sigue así y responde 200 con ese aviso. Queda en el historial de la empresa.`,
        params: Id,
        response: { 200: ClaveApiRevocada, ...errorResponses },
      },
    },
    async (request) => revokeCompanyKey(db, request.company!, request.params.id),
  );
};

export default clavesApiRoutes;
