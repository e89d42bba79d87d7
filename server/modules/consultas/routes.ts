import type { ModuleRoutes } from '../../core/context';
import { errorResponses, IdParam, Msg } from '../../core/schemas';
import { createConsultas } from '../../infra/consultas';
import { CLIENTE_MSG, TIPO_IDENTIFICACION } from '../../../domain/clientes';
import { CedulaParam, ConsultaCliente, NoEncontrado, ResultadoBanderas, RucParam } from './contract';
import { lookupClient, refreshFlags } from './service';

const tags = ['Clientes'];
const lookupResponses = { 200: ConsultaCliente, ...errorResponses, 404: NoEncontrado, 503: Msg };

/**
 * The clients' lookups (prefix /api/clientes, permission clientes): a RUC or a cédula in the company's own clients,
 * then in the external services configured (README, "Consultas de clientes"), and the taxpayer flags of a client.
 */
const consultasRoutes: ModuleRoutes = (app, { db, guards, config }) => {
  const consultas = createConsultas(config.consultas, db);
  /** The contract's 404 of a lookup carries the dialog's title (Atencion) beside msg. */
  const noEncontrado = { msg: CLIENTE_MSG.noEncontrado, titulo: CLIENTE_MSG.noEncontradoTitulo };

  app.get(
    '/apiRuc/:ruc',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Busca un RUC para llenar el formulario del cliente: primero en los clientes de la empresa, luego en los servicios de RUC',
        description:
          'Responde desde los clientes de la empresa (fuente clientes; existente: su CLI_CODIGO si quien consulta puede verlo) o ' +
          'pregunta a los servicios de CONSULTA_RUC_URLS en orden (fuente servicio1, servicio2…): uno caído (sin respuesta a ' +
          'tiempo, error, respuesta que no es JSON o de otra forma) pasa al siguiente; el primero que responde decide. ' +
          `404 { msg: "${CLIENTE_MSG.noEncontrado}", titulo: "${CLIENTE_MSG.noEncontradoTitulo}" } cuando no existe; ` +
          `503 { msg: "${CLIENTE_MSG.sriNoDisponible}" } cuando ningún servicio respondió. Las respuestas se guardan ` +
          'CONSULTAS_CACHE_SEGUNDOS.',
        params: RucParam,
        response: lookupResponses,
      },
    },
    async (request, reply) => {
      const found = await lookupClient(db, consultas, request.company!, TIPO_IDENTIFICACION.ruc, request.params.ruc, request.log);
      return found ?? reply.status(404).send(noEncontrado);
    },
  );

  app.get(
    '/apiCedula/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary:
          'Busca una cédula para llenar el formulario del cliente: primero en los clientes de la empresa, luego en el servicio de cédulas',
        description:
          'Como apiRuc, con el servicio de CONSULTA_CEDULA_URL (fuente cedula). ' +
          `404 { msg: "${CLIENTE_MSG.noEncontrado}", titulo: "${CLIENTE_MSG.noEncontradoTitulo}" }; ` +
          `503 { msg: "${CLIENTE_MSG.sriNoDisponible}" }.`,
        params: CedulaParam,
        response: lookupResponses,
      },
    },
    async (request, reply) => {
      const found = await lookupClient(db, consultas, request.company!, TIPO_IDENTIFICACION.cedula, request.params.id, request.log);
      return found ?? reply.status(404).send(noEncontrado);
    },
  );

  app.post(
    '/:id/banderas',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary:
          'Consulta las banderas tributarias de un cliente (empresa fantasma, contribuyente especial, agente de retención, RIMPE, catastro)',
        description:
          'Pregunta a la vez a cada servicio configurado (CONSULTA_FANTASMA_URL, CONSULTA_ESPECIAL_URL, ' +
          'CONSULTA_AGENTE_RETENCION_URL, CONSULTA_RIMPE_URL, CONSULTA_CATASTRO_URL) por el RUC del cliente (una cédula: ' +
          'cédula + 001), guarda el resultado en CLI_BANDERAS con la fecha de la consulta y lo devuelve. noDisponibles ' +
          'nombra las consultas cuyo servicio no respondió o no está configurado: conservan su valor anterior. ' +
          'Solo para clientes con RUC o cédula (400 en otro caso); un cliente que no es visible: 404.',
        params: IdParam('id'),
        response: { 200: ResultadoBanderas, ...errorResponses },
      },
    },
    async (request) => refreshFlags(db, consultas, request.company!, request.params.id, request.log),
  );
};

export default consultasRoutes;
