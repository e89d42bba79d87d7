import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { found } from '../../core/errors';
import { errorResponses, Msg } from '../../core/schemas';
import { ADVERTENCIA_IDENTIFICACION } from '../../core/terceros-datos';
import { rutasTerceros } from '../../core/terceros-rutas';
import { createConsultas } from '../../infra/consultas';
import {
  COLUMNAS_TRANSPORTISTAS,
  IMPORTACION_TRANSPORTISTAS,
  TRANSPORTISTA_LIMITES,
  TRANSPORTISTA_MSG,
} from '../../../domain/transportistas';
import {
  ConsultaTransportista,
  Eliminado,
  ResultadoImportacionTransportistas,
  Transportista,
  TransportistaDatos,
  TransportistaParam,
} from './contract';
import { COLUMNAS_TRANSPORTISTAS_EXPORTACION } from './exportacion';
import { carriersTemplate, importCarriers } from './importacion';
import { carrierBatches, findCarrier, listCarriers, PUBLIC_FILTERS } from './repo';
import { createCarrier, editCarrier, lookupCarrier, removeCarrier } from './service';

const tags = ['Transportistas'];
const schemas = resourceSchemas(tags, Transportista);
const SCOPE = 'Solo los transportistas de la empresa de la sesión (el de otra empresa responde 404).';
const FILTERS =
  'Filtros (filter, JSON): q (parte de la identificación, la razón social o la placa, sin distinguir mayúsculas ni tildes), TRA_ACTIVO (true/false), TRA_TIPO_IDENTIFICACION (04, 05, 06, 08 o una lista), id (lista). Orden (sort): TRA_CODIGO (por defecto, descendente), TRA_RAZON_SOCIAL, TRA_IDENTIFICACION, TRA_PLACA.';
const RULES = `Reglas: identificación según su tipo (RUC 13 dígitos, cédula 10, pasaporte o exterior 3 a 20 letras o números; nunca el consumidor final; errores 400); un dígito verificador que no cuadra responde 422 { msg, code: '${ADVERTENCIA_IDENTIFICACION}' } salvo aceptarAdvertencia: true; la identificación no se repite en la empresa (409); la placa es obligatoria, de 1 a ${TRANSPORTISTA_LIMITES.placa} caracteres, y se guarda en mayúsculas sin espacios alrededor; hasta ${TRANSPORTISTA_LIMITES.correos} correos válidos y ${TRANSPORTISTA_LIMITES.telefonos} teléfonos (números, espacios y +).`;
const withWarning = { ...errorResponses, 422: Msg };

/**
 * The company's carriers book (resource `transportistas`, menu `transportistas`): list, export, import and its
 * template, the form's RUC and cédula lookups (the consultas module's services), one, create, edit and delete. Every
 * query is scoped by the token's company; every role keeps them (ROLES_PERMITIDOS.transportistas, the module's line).
 */
const transportistasRoutes: ModuleRoutes = (app, ctx) => {
  const { db, guards } = ctx;

  rutasTerceros(app, ctx, {
    tags,
    lista: schemas.list,
    singular: 'transportista',
    plural: 'transportistas',
    codigo: 'TRA_CODIGO',
    scope: SCOPE,
    filtros: FILTERS,
    publicFilters: PUBLIC_FILTERS,
    listar: listCarriers,
    lotes: carrierBatches,
    exportacion: COLUMNAS_TRANSPORTISTAS_EXPORTACION,
    importacion: IMPORTACION_TRANSPORTISTAS,
    columnas: COLUMNAS_TRANSPORTISTAS,
    plantilla: carriersTemplate,
    importar: importCarriers,
    resultadoImportacion: ResultadoImportacionTransportistas,
    consulta: ConsultaTransportista,
    comoConsulta: '/api/proveedores',
    noEncontrado: TRANSPORTISTA_MSG.noEncontrado,
    consultas: createConsultas(ctx.config.consultas, ctx.db),
    buscar: lookupCarrier,
  });

  app.get(
    '/:id',
    { onRequest: guards.company, schema: schemas.one({ summary: 'Un transportista', description: SCOPE }) },
    async (request) => found(await findCarrier(db, request.company!.empresa, request.params.id)),
  );

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea un transportista',
        description: RULES,
        body: TransportistaDatos,
        response: { 201: Transportista, ...withWarning },
      },
    },
    async (request, reply) => reply.status(201).send(await createCarrier(db, request.company!.empresa, request.body)),
  );

  app.put(
    '/:TRA_CODIGO',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Modifica un transportista',
        description: `${SCOPE} Un campo que no se envía conserva su valor; null lo vacía. ${RULES}`,
        params: TransportistaParam,
        body: TransportistaDatos,
        response: { 200: Transportista, ...withWarning },
      },
    },
    async (request) => editCarrier(db, request.company!.empresa, request.params.TRA_CODIGO, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.company,
      schema: schemas.remove(
        {
          summary: 'Elimina un transportista que ninguna guía de remisión nombra',
          description: `${SCOPE} Un transportista que figura en una guía de remisión (también en un borrador) no se elimina: 409 "${TRANSPORTISTA_MSG.conGuias}".`,
        },
        Eliminado,
      ),
    },
    async (request) => removeCarrier(db, request.company!.empresa, request.params.id),
  );
};

export default transportistasRoutes;
