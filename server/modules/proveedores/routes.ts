import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { found } from '../../core/errors';
import { errorResponses, IdParam, Msg } from '../../core/schemas';
import { ADVERTENCIA_IDENTIFICACION } from '../../core/terceros-datos';
import { rutasTerceros } from '../../core/terceros-rutas';
import { createConsultas } from '../../infra/consultas';
import { COLUMNAS_PROVEEDORES, IMPORTACION_PROVEEDORES, PROVEEDOR_LIMITES, PROVEEDOR_MSG } from '../../../domain/proveedores';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { ResultadoBanderas } from '../consultas';
import { ConsultaProveedor, Eliminado, Proveedor, ProveedorDatos, ProveedorParam, ResultadoImportacionProveedores } from './contract';
import { COLUMNAS_PROVEEDORES_EXPORTACION } from './exportacion';
import { importSuppliers, suppliersTemplate } from './importacion';
import { findSupplier, listSuppliers, PUBLIC_FILTERS, supplierBatches } from './repo';
import { createSupplier, editSupplier, lookupSupplier, refreshSupplierFlags, removeSupplier } from './service';

const tags = ['Proveedores'];
const schemas = resourceSchemas(tags, Proveedor);
const SCOPE = 'Solo los proveedores de la empresa de la sesión (el de otra empresa responde 404).';
const FILTERS =
  'Filtros (filter, JSON): q (parte de la identificación, la razón social o el nombre comercial, sin distinguir mayúsculas ni tildes), PRV_ACTIVO (true/false), PRV_TIPO_IDENTIFICACION (04, 05, 06, 08 o una lista), bandera (fantasma, especial, agenteRetencion o rimpe), id (lista). Orden (sort): PRV_CODIGO (por defecto, descendente), PRV_RAZON_SOCIAL, PRV_IDENTIFICACION.';
const RULES = `Reglas: identificación según su tipo (RUC 13 dígitos, cédula 10, pasaporte o exterior 3 a 20 letras o números; nunca el consumidor final; errores 400); un dígito verificador que no cuadra responde 422 { msg, code: '${ADVERTENCIA_IDENTIFICACION}' } salvo aceptarAdvertencia: true; la identificación no se repite en la empresa (409); hasta ${PROVEEDOR_LIMITES.correos} correos válidos y ${PROVEEDOR_LIMITES.telefonos} teléfonos (números, espacios y +); días de crédito de 0 a ${PROVEEDOR_LIMITES.diasCredito}.`;
const withWarning = { ...errorResponses, 422: Msg };

/**
 * The company's suppliers book (resource `proveedores`, menu `proveedores`): list, export, import and its template, the
 * form's RUC and cédula lookups (the consultas module's services), one, create, edit, delete and the taxpayer flags.
 * Every query is scoped by the token's company; suppliers are the accountants' (ROLES_PERMITIDOS.proveedores).
 */
const proveedoresRoutes: ModuleRoutes = (app, ctx) => {
  const { db, guards } = ctx;
  const consultas = createConsultas(ctx.config.consultas, db);

  rutasTerceros(app, ctx, {
    tags,
    lista: schemas.list,
    singular: 'proveedor',
    plural: 'proveedores',
    codigo: 'PRV_CODIGO',
    scope: SCOPE,
    filtros: FILTERS,
    publicFilters: PUBLIC_FILTERS,
    listar: listSuppliers,
    lotes: supplierBatches,
    exportacion: COLUMNAS_PROVEEDORES_EXPORTACION,
    importacion: IMPORTACION_PROVEEDORES,
    columnas: COLUMNAS_PROVEEDORES,
    plantilla: suppliersTemplate,
    // Only for importing, which is the writers'.
    rolesPlantilla: ROLES_PERMITIDOS.proveedores.gestionar,
    importar: importSuppliers,
    resultadoImportacion: ResultadoImportacionProveedores,
    notaImportar: ' (importar dos veces el mismo archivo no duplica)',
    consulta: ConsultaProveedor,
    comoConsulta: '/api/clientes',
    noEncontrado: PROVEEDOR_MSG.noEncontrado,
    consultas,
    buscar: lookupSupplier,
  });

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
