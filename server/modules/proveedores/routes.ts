import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { sendFile } from '../../core/download';
import { found } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { Archivo, errorResponses, IdParam, Msg } from '../../core/schemas';
import { streamUpload } from '../../core/upload';
import { EXPORT_BATCH, exportFile } from '../../core/export';
import { createConsultas } from '../../infra/consultas';
import { PlantillaQuery, TEMPLATE_TYPES } from '../../infra/importacion/plantilla';
import { CLIENTE_MSG, TIPO_IDENTIFICACION } from '../../../domain/clientes';
import { ExportarQuery } from '../../../domain/contratos/lista';
import { COLUMNAS_PROVEEDORES, IMPORTACION_PROVEEDORES, PROVEEDOR_LIMITES, PROVEEDOR_MSG } from '../../../domain/proveedores';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { ResultadoBanderas } from '../consultas';
import { ConsultaProveedor, Eliminado, Proveedor, ProveedorDatos, ProveedorParam, ResultadoImportacionProveedores } from './contract';
import { COLUMNAS_PROVEEDORES_EXPORTACION } from './exportacion';
import { importSuppliers, PROVEEDORES_TEMPLATE_HEADERS, suppliersTemplate } from './importacion';
import { findSupplier, listSuppliers, PUBLIC_FILTERS, supplierBatches } from './repo';
import { createSupplier, editSupplier, lookupSupplier, refreshSupplierFlags, removeSupplier } from './service';
import { ADVERTENCIA_IDENTIFICACION } from '../clientes';

const tags = ['Proveedores'];
const schemas = resourceSchemas(tags, Proveedor);
const SCOPE = 'Solo los proveedores de la empresa de la sesión (el de otra empresa responde 404).';
const FILTERS =
  'Filtros (filter, JSON): q (parte de la identificación, la razón social o el nombre comercial, sin distinguir mayúsculas ni tildes), PRV_ACTIVO (true/false), PRV_TIPO_IDENTIFICACION (04, 05, 06, 08 o una lista), bandera (fantasma, especial, agenteRetencion o rimpe), id (lista). Orden (sort): PRV_CODIGO (por defecto, descendente), PRV_RAZON_SOCIAL, PRV_IDENTIFICACION.';
const RULES = `Reglas: identificación según su tipo (RUC 13 dígitos, cédula 10, pasaporte o exterior 3 a 20 letras o números; nunca el consumidor final; errores 400); un dígito verificador que no cuadra responde 422 { msg, code: '${ADVERTENCIA_IDENTIFICACION}' } salvo aceptarAdvertencia: true; la identificación no se repite en la empresa (409); hasta ${PROVEEDOR_LIMITES.correos} correos válidos y ${PROVEEDOR_LIMITES.telefonos} teléfonos (números, espacios y +); días de crédito de 0 a ${PROVEEDOR_LIMITES.diasCredito}.`;
const COLUMNAS = COLUMNAS_PROVEEDORES.map((c) => `${c.campo}${c.obligatoria ? ' (obligatoria)' : ''}`).join(', ');
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
const lookupResponses = { 200: ConsultaProveedor, ...errorResponses, 404: NoEncontrado, 503: Msg };
const withWarning = { ...errorResponses, 422: Msg };

/**
 * The company's suppliers book (resource `proveedores`, menu `proveedores`): list, export, import and its template, the
 * form's RUC and cédula lookups (the consultas module's services), one, create, edit, delete and the taxpayer flags.
 * Every query is scoped by the token's company; suppliers are the accountants' (ROLES_PERMITIDOS.proveedores).
 */
const proveedoresRoutes: ModuleRoutes = (app, { db, guards, config }) => {
  const consultas = createConsultas(config.consultas, db);
  const noEncontrado = { msg: PROVEEDOR_MSG.noEncontrado, titulo: CLIENTE_MSG.noEncontradoTitulo };

  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: schemas.list(
        {
          summary: 'Lista paginada de proveedores (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
          description: `${SCOPE} ${FILTERS}`,
        },
        ListQuery,
      ),
    },
    async (request, reply) => sendPage(reply, await listSuppliers(db, request.company!.empresa, request.query)),
  );

  app.get(
    '/exportar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Descarga toda la lista filtrada de proveedores (no solo una página) en CSV o Excel',
        description: `${SCOPE} formato: csv (UTF-8 con BOM, separado por comas) o xlsx. filter y sort como en GET /api/proveedores (filtros: ${PUBLIC_FILTERS.join(', ')}). Se genera por lotes de ${EXPORT_BATCH} filas mientras se descarga; columnas: ${COLUMNAS_PROVEEDORES_EXPORTACION.map((c) => c.header).join(', ')}.`,
        querystring: ExportarQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, filter, sort } = request.query;
      const batches = supplierBatches(db, request.company!.empresa, { filter, sort }, EXPORT_BATCH);
      return sendFile(
        reply,
        exportFile(
          formato,
          { nombre: 'proveedores', hoja: 'Proveedores', columnas: COLUMNAS_PROVEEDORES_EXPORTACION, batches },
          request.log,
        ),
      );
    },
  );

  app.get(
    '/plantilla',
    {
      onRequest: guards.company,
      // Only for importing, which is the writers'.
      config: { roles: ROLES_PERMITIDOS.proveedores.gestionar },
      schema: {
        tags,
        summary: 'Descarga la plantilla para importar proveedores (CSV o Excel)',
        description: `formato: csv (separado por punto y coma, UTF-8 con BOM) o xlsx (con una hoja de instrucciones: cada columna y los tipos de identificación). Columnas: ${COLUMNAS}.`,
        querystring: PlantillaQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato } = request.query;
      return sendFile(reply, {
        name: `plantilla-proveedores.${formato}`,
        type: TEMPLATE_TYPES[formato],
        body: await suppliersTemplate(formato),
      });
    },
  );

  app.post(
    '/import',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Importa proveedores desde un archivo CSV o Excel (.xlsx)',
        description: `Multipart, archivo en el campo current: .csv (separado por comas o punto y coma, UTF-8 con o sin BOM, o Windows-1252) o .xlsx (la primera hoja), hasta 20 MB y ${IMPORTACION_PROVEEDORES.maxFilas.toLocaleString('es-EC')} filas. La primera fila es la cabecera (se aceptan filas de título encima): ${COLUMNAS}; las columnas desconocidas se ignoran y una columna opcional que no está no cambia ese dato de los proveedores existentes. Una identificación que ya existe en la empresa actualiza ese proveedor (importar dos veces el mismo archivo no duplica); repetida dentro del archivo es un error en su segunda línea. Las filas con errores se devuelven con su línea (la cabecera es la línea 1) y el motivo, hasta ${IMPORTACION_PROVEEDORES.maxErrores} (erroresOmitidos cuenta el resto); una cédula o RUC que no pasa el dígito verificador se guarda y se cuenta en advertencias. 400 si el archivo no es CSV ni Excel, le falta una columna obligatoria o no tiene filas; 413 si supera los 20 MB. Cabecera de la plantilla: ${PROVEEDORES_TEMPLATE_HEADERS.join(';')}.`,
        consumes: ['multipart/form-data'],
        response: { 200: ResultadoImportacionProveedores, ...errorResponses },
      },
    },
    async (request) => streamUpload(request, IMPORTACION_PROVEEDORES, (file) => importSuppliers(db, request.company!.empresa, file)),
  );

  app.get(
    '/apiRuc/:ruc',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary:
          'Busca un RUC para llenar el formulario del proveedor: primero en los proveedores de la empresa, luego en los servicios de RUC',
        description:
          'Responde desde los proveedores de la empresa (fuente proveedores; existente: su PRV_CODIGO) o pregunta a los servicios de ' +
          'CONSULTA_RUC_URLS en orden, como GET /api/clientes/apiRuc (fuente servicio1, servicio2…). ' +
          `404 { msg: "${PROVEEDOR_MSG.noEncontrado}", titulo } cuando no existe; 503 { msg: "${CLIENTE_MSG.sriNoDisponible}" } cuando ningún servicio respondió.`,
        params: RucParam,
        response: lookupResponses,
      },
    },
    async (request, reply) => {
      const hallado = await lookupSupplier(
        db,
        consultas,
        request.company!.empresa,
        TIPO_IDENTIFICACION.ruc,
        request.params.ruc,
        request.log,
      );
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
          'Busca una cédula para llenar el formulario del proveedor: primero en los proveedores de la empresa, luego en el servicio de cédulas',
        description: `Como apiRuc, con el servicio de CONSULTA_CEDULA_URL (fuente cedula). 404 { msg: "${PROVEEDOR_MSG.noEncontrado}" }; 503 { msg: "${CLIENTE_MSG.sriNoDisponible}" }.`,
        params: CedulaParam,
        response: lookupResponses,
      },
    },
    async (request, reply) => {
      const hallado = await lookupSupplier(
        db,
        consultas,
        request.company!.empresa,
        TIPO_IDENTIFICACION.cedula,
        request.params.id,
        request.log,
      );
      return hallado ?? reply.status(404).send(noEncontrado);
    },
  );

  app.get('/:id', { onRequest: guards.company, schema: schemas.one({ summary: 'Un proveedor', description: SCOPE }) }, async (request) =>
    found(await findSupplier(db, request.company!.empresa, request.params.id)),
  );

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea un proveedor',
        description: RULES,
        body: ProveedorDatos,
        response: { 201: Proveedor, ...withWarning },
      },
    },
    async (request, reply) => reply.status(201).send(await createSupplier(db, request.company!.empresa, request.body)),
  );

  app.put(
    '/:PRV_CODIGO',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Modifica un proveedor',
        description: `${SCOPE} Un campo que no se envía conserva su valor; null lo vacía. ${RULES}`,
        params: ProveedorParam,
        body: ProveedorDatos,
        response: { 200: Proveedor, ...withWarning },
      },
    },
    async (request) => editSupplier(db, request.company!.empresa, request.params.PRV_CODIGO, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.company,
      schema: schemas.remove(
        {
          summary: 'Elimina un proveedor sin documentos',
          description: `${SCOPE} Un proveedor que nombra un documento (recibido, retención o liquidación de compra) no se elimina: 409 "${PROVEEDOR_MSG.conDocumentos}".`,
        },
        Eliminado,
      ),
    },
    async (request) => removeSupplier(db, request.company!.empresa, request.params.id),
  );

  app.post(
    '/:id/banderas',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary:
          'Consulta las banderas tributarias de un proveedor (empresa fantasma, contribuyente especial, agente de retención, RIMPE, catastro)',
        description:
          'Como POST /api/clientes/{id}/banderas: pregunta a cada servicio configurado por el RUC del proveedor (una cédula: cédula + 001), ' +
          'guarda el resultado en PRV_BANDERAS con la fecha de la consulta y lo devuelve; noDisponibles nombra las consultas que no respondieron ' +
          `(conservan su valor anterior). Solo para proveedores con RUC o cédula (400 "${PROVEEDOR_MSG.banderasIdentificacion}"); el de otra empresa: 404.`,
        params: IdParam('id'),
        response: { 200: ResultadoBanderas, ...errorResponses },
      },
    },
    async (request) => refreshSupplierFlags(db, consultas, request.company!.empresa, request.params.id, request.log),
  );
};

export default proveedoresRoutes;
