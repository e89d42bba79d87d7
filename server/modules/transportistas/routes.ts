import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { sendFile } from '../../core/download';
import { found } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { Archivo, errorResponses, Msg } from '../../core/schemas';
import { streamUpload } from '../../core/upload';
import { EXPORT_BATCH, exportFile } from '../../core/export';
import { createConsultas } from '../../infra/consultas';
import { PlantillaQuery, TEMPLATE_TYPES } from '../../infra/importacion/plantilla';
import { CLIENTE_MSG, TIPO_IDENTIFICACION } from '../../../domain/clientes';
import { ExportarQuery } from '../../../domain/contratos/lista';
import {
  COLUMNAS_TRANSPORTISTAS,
  IMPORTACION_TRANSPORTISTAS,
  TRANSPORTISTA_LIMITES,
  TRANSPORTISTA_MSG,
} from '../../../domain/transportistas';
import { ADVERTENCIA_IDENTIFICACION } from '../clientes';
import {
  ConsultaTransportista,
  Eliminado,
  ResultadoImportacionTransportistas,
  Transportista,
  TransportistaDatos,
  TransportistaParam,
} from './contract';
import { COLUMNAS_TRANSPORTISTAS_EXPORTACION } from './exportacion';
import { carriersTemplate, importCarriers, TRANSPORTISTAS_TEMPLATE_HEADERS } from './importacion';
import { carrierBatches, findCarrier, listCarriers, PUBLIC_FILTERS } from './repo';
import { createCarrier, editCarrier, lookupCarrier, removeCarrier } from './service';

const tags = ['Transportistas'];
const schemas = resourceSchemas(tags, Transportista);
const SCOPE = 'Solo los transportistas de la empresa de la sesión (el de otra empresa responde 404).';
const FILTERS =
  'Filtros (filter, JSON): q (parte de la identificación, la razón social o la placa, sin distinguir mayúsculas ni tildes), TRA_ACTIVO (true/false), TRA_TIPO_IDENTIFICACION (04, 05, 06, 08 o una lista), id (lista). Orden (sort): TRA_CODIGO (por defecto, descendente), TRA_RAZON_SOCIAL, TRA_IDENTIFICACION, TRA_PLACA.';
const RULES = `Reglas: identificación según su tipo (RUC 13 dígitos, cédula 10, pasaporte o exterior 3 a 20 letras o números; nunca el consumidor final; errores 400); un dígito verificador que no cuadra responde 422 { msg, code: '${ADVERTENCIA_IDENTIFICACION}' } salvo aceptarAdvertencia: true; la identificación no se repite en la empresa (409); la placa es obligatoria, de 1 a ${TRANSPORTISTA_LIMITES.placa} caracteres, y se guarda en mayúsculas sin espacios alrededor; hasta ${TRANSPORTISTA_LIMITES.correos} correos válidos y ${TRANSPORTISTA_LIMITES.telefonos} teléfonos (números, espacios y +).`;
const COLUMNAS = COLUMNAS_TRANSPORTISTAS.map((c) => `${c.campo}${c.obligatoria ? ' (obligatoria)' : ''}`).join(', ');
const RucParam = Type.Object({
  ruc: Type.String({ pattern: '^[0-9]{13}$', errorMessage: 'El RUC debe tener 13 dígitos numéricos', description: 'RUC de 13 dígitos' }),
});
const CedulaParam = Type.Object({
  id: Type.String({
    pattern: '^[0-9]{10}$',
    errorMessage: 'La cédula debe tener 10 dígitos numéricos',
    description: 'Cédula de 10 dígitos',
  }),
});
/** 404 of a lookup: the form's "Atencion" dialog. */
const NoEncontrado = Type.Object({ msg: Type.String(), titulo: Type.Optional(Type.String()) });
const lookupResponses = { 200: ConsultaTransportista, ...errorResponses, 404: NoEncontrado, 503: Msg };
const withWarning = { ...errorResponses, 422: Msg };

/**
 * The company's carriers book (resource `transportistas`, menu `transportistas`): list, export, import and its
 * template, the form's RUC and cédula lookups (the consultas module's services), one, create, edit and delete. Every
 * query is scoped by the token's company; every role keeps them (ROLES_PERMITIDOS.transportistas, the module's line).
 */
const transportistasRoutes: ModuleRoutes = (app, { db, guards, config }) => {
  const consultas = createConsultas(config.consultas, db);
  const noEncontrado = { msg: TRANSPORTISTA_MSG.noEncontrado, titulo: CLIENTE_MSG.noEncontradoTitulo };

  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: schemas.list(
        {
          summary: 'Lista paginada de transportistas (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
          description: `${SCOPE} ${FILTERS}`,
        },
        ListQuery,
      ),
    },
    async (request, reply) => sendPage(reply, await listCarriers(db, request.company!.empresa, request.query)),
  );

  app.get(
    '/exportar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Descarga toda la lista filtrada de transportistas (no solo una página) en CSV o Excel',
        description: `${SCOPE} formato: csv (UTF-8 con BOM, separado por comas) o xlsx. filter y sort como en GET /api/transportistas (filtros: ${PUBLIC_FILTERS.join(', ')}). Se genera por lotes de ${EXPORT_BATCH} filas mientras se descarga; columnas: ${COLUMNAS_TRANSPORTISTAS_EXPORTACION.map((c) => c.header).join(', ')}.`,
        querystring: ExportarQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, filter, sort } = request.query;
      const batches = carrierBatches(db, request.company!.empresa, { filter, sort }, EXPORT_BATCH);
      return sendFile(
        reply,
        exportFile(
          formato,
          { nombre: 'transportistas', hoja: 'Transportistas', columnas: COLUMNAS_TRANSPORTISTAS_EXPORTACION, batches },
          request.log,
        ),
      );
    },
  );

  app.get(
    '/plantilla',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Descarga la plantilla para importar transportistas (CSV o Excel)',
        description: `formato: csv (separado por punto y coma, UTF-8 con BOM) o xlsx (con una hoja de instrucciones: cada columna y los tipos de identificación). Columnas: ${COLUMNAS}.`,
        querystring: PlantillaQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato } = request.query;
      return sendFile(reply, {
        name: `plantilla-transportistas.${formato}`,
        type: TEMPLATE_TYPES[formato],
        body: await carriersTemplate(formato),
      });
    },
  );

  app.post(
    '/import',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Importa transportistas desde un archivo CSV o Excel (.xlsx)',
        description: `Multipart, archivo en el campo current: .csv (separado por comas o punto y coma, UTF-8 con o sin BOM, o Windows-1252) o .xlsx (la primera hoja), hasta 20 MB y ${IMPORTACION_TRANSPORTISTAS.maxFilas.toLocaleString('es-EC')} filas. La primera fila es la cabecera (se aceptan filas de título encima): ${COLUMNAS}; las columnas desconocidas se ignoran y una columna opcional que no está no cambia ese dato de los transportistas existentes. Una identificación que ya existe en la empresa actualiza ese transportista; repetida dentro del archivo es un error en su segunda línea. Las filas con errores se devuelven con su línea (la cabecera es la línea 1) y el motivo, hasta ${IMPORTACION_TRANSPORTISTAS.maxErrores} (erroresOmitidos cuenta el resto); una cédula o RUC que no pasa el dígito verificador se guarda y se cuenta en advertencias. 400 si el archivo no es CSV ni Excel, le falta una columna obligatoria o no tiene filas; 413 si supera los 20 MB. Cabecera de la plantilla: ${TRANSPORTISTAS_TEMPLATE_HEADERS.join(';')}.`,
        consumes: ['multipart/form-data'],
        response: { 200: ResultadoImportacionTransportistas, ...errorResponses },
      },
    },
    async (request) => streamUpload(request, IMPORTACION_TRANSPORTISTAS, (file) => importCarriers(db, request.company!.empresa, file)),
  );

  app.get(
    '/apiRuc/:ruc',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary:
          'Busca un RUC para llenar el formulario del transportista: primero en los transportistas de la empresa, luego en los servicios de RUC',
        description:
          'Responde desde los transportistas de la empresa (fuente transportistas; existente: su TRA_CODIGO) o pregunta a los servicios de ' +
          'CONSULTA_RUC_URLS en orden, como GET /api/proveedores/apiRuc (fuente servicio1, servicio2…). ' +
          `404 { msg: "${TRANSPORTISTA_MSG.noEncontrado}", titulo } cuando no existe; 503 { msg: "${CLIENTE_MSG.sriNoDisponible}" } cuando ningún servicio respondió.`,
        params: RucParam,
        response: lookupResponses,
      },
    },
    async (request, reply) => {
      const { empresa } = request.company!;
      const hallado = await lookupCarrier(db, consultas, empresa, TIPO_IDENTIFICACION.ruc, request.params.ruc, request.log);
      return hallado ?? reply.status(404).send(noEncontrado);
    },
  );

  app.get(
    '/apiCedula/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary:
          'Busca una cédula para llenar el formulario del transportista: primero en los transportistas de la empresa, luego en el servicio de cédulas',
        description: `Como apiRuc, con el servicio de CONSULTA_CEDULA_URL (fuente cedula). 404 { msg: "${TRANSPORTISTA_MSG.noEncontrado}" }; 503 { msg: "${CLIENTE_MSG.sriNoDisponible}" }.`,
        params: CedulaParam,
        response: lookupResponses,
      },
    },
    async (request, reply) => {
      const { empresa } = request.company!;
      const hallado = await lookupCarrier(db, consultas, empresa, TIPO_IDENTIFICACION.cedula, request.params.id, request.log);
      return hallado ?? reply.status(404).send(noEncontrado);
    },
  );

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
