import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { sendPage } from '../../core/list';
import { errorResponses, IdParam } from '../../core/schemas';
import { CLAVE_TEMPORAL_USUARIO_HORAS } from '../../../domain/clientes';
import { ClaveTemporalNueva, Usuario, UsuarioCambios, UsuarioCreado, UsuarioNuevo, UsuarioQuery } from './contract';
import { listCompanyUsers } from './repo';
import { createCompanyUser, editCompanyUser, resetCompanyUserPassword, visibleUser } from './service';

const tags = ['Usuarios de la empresa'];
const schemas = resourceSchemas(tags, Usuario);
const Id = IdParam('id');

/**
 * The signed-in company's own users (resource `usuarios`, /api/usuarios, menu `usuarios`): only its administrator (the
 * module's roles, domain/roles.ts) reads them, creates, edits, (de)activates them and gives them a temporary clave.
 * Every query is scoped by the token's company: another company's user is a 404.
 */
const usuariosRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: schemas.list(
        {
          summary: 'Usuarios de la empresa de la sesión',
          description:
            'ra-data-simple-rest: orden por USU_USUARIO (por defecto), USU_NOMBRE, USU_CORREO, USU_ROL, USU_ACTIVO o USU_CODIGO; ' +
            'filtros q (parte del usuario, nombre o correo, sin tildes), USU_ROL, USU_ACTIVO e id. Total en Content-Range. Nunca envía claves.',
        },
        UsuarioQuery,
      ),
    },
    async (request, reply) => sendPage(reply, await listCompanyUsers(db, request.company!.empresa, request.query)),
  );

  app.get(
    '/:id',
    {
      onRequest: guards.company,
      schema: schemas.one({ summary: 'Un usuario de la empresa de la sesión', description: 'El usuario de otra empresa responde 404.' }),
    },
    async (request) => visibleUser(db, request.company!.empresa, request.params.id),
  );

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea un usuario de la empresa con una clave temporal',
        description:
          'USU_USUARIO es único dentro de la empresa (409). Responde el usuario y claveTemporal, que se muestra ' +
          `una sola vez: vence en ${CLAVE_TEMPORAL_USUARIO_HORAS} horas, y al ingresar con ella el usuario debe elegir una clave nueva ` +
          '(la sesión responde cambiarClave true; las demás llamadas, 403 CAMBIAR_CLAVE).',
        body: UsuarioNuevo,
        response: { 201: UsuarioCreado, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createCompanyUser(db, request.company!, request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.company,
      schema: schemas.update(
        {
          summary: 'Cambia el nombre, correo, rol o estado de un usuario de la empresa',
          description:
            'Nadie puede desactivarse ni quitarse el rol de administrador a sí mismo, y la empresa conserva ' +
            'al menos un administrador activo (409). USU_ACTIVO false: desde su siguiente llamada el usuario recibe 403 ' +
            'USUARIO_DESACTIVADO; al reactivarlo, las sesiones que tenía quedan cerradas.',
        },
        UsuarioCambios,
      ),
    },
    async (request) => editCompanyUser(db, request.company!, request.params.id, request.body),
  );

  app.post(
    '/:id/clave',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Genera una clave temporal nueva para un usuario de la empresa',
        description:
          `Responde claveTemporal una sola vez; vence en ${CLAVE_TEMPORAL_USUARIO_HORAS} horas y sirve junto a ` +
          'la clave actual hasta que se use una de las dos; quien ingresa con ella debe elegir una clave nueva. Un usuario ' +
          'desactivado, o el propio usuario de la sesión, responde 409.',
        params: Id,
        response: { 200: ClaveTemporalNueva, ...errorResponses },
      },
    },
    async (request) => resetCompanyUserPassword(db, request.company!, request.params.id),
  );
};

export default usuariosRoutes;
