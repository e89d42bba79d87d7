import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { sendFile } from '../../core/download';
import { ListQuery, sendPage } from '../../core/list';
import { Archivo, errorResponses } from '../../core/schemas';
import { streamUpload } from '../../core/upload';
import { CATALOGO_LIMITES } from '../../../domain/catalogo';
import { Eliminado, LoteCatalogo, LoteCatalogoResultado, MAX_LOTE_CATALOGO, Producto, ProductoDatos } from './contract';
import { COLUMNAS_CATALOGO_EXPORTACION } from './exportacion';
import { EXPORT_BATCH, exportFile } from '../../core/export';
import { ExportarQuery } from '../../../domain/contratos/lista';
import { listProducts, productBatches, PUBLIC_FILTERS } from './repo';
import { bulkActive, createProduct, editProduct, removeProduct, visibleProduct } from './service';
import {
  catalogoTemplate,
  CATALOGO_TEMPLATE_HEADERS,
  IMPORT_BATCH_CATALOGO,
  importCatalogo,
  ResultadoImportacionCatalogo,
} from './importacion';
import { PlantillaQuery, TEMPLATE_TYPES } from '../../infra/importacion/plantilla';
import { COLUMNAS_CATALOGO, IMPORTACION_CATALOGO } from '../../../domain/catalogoImportacion';
import { ROLES_PERMITIDOS } from '../../../domain/roles';

const tags = ['Productos y servicios'];
const schemas = resourceSchemas(tags, Producto);
const SCOPE =
  'Solo los productos y servicios de la empresa de la sesión (el de otra empresa responde 404); son de toda la empresa: un vendedor los ve todos.';
const RULES =
  `Reglas (400 con el motivo en español): código principal de 1 a ${CATALOGO_LIMITES.principal} caracteres, único en la empresa ` +
  `sin distinguir mayúsculas (409); código auxiliar hasta ${CATALOGO_LIMITES.auxiliar}; descripción de 1 a ${CATALOGO_LIMITES.descripcion}; ` +
  `precio desde 0 con hasta ${CATALOGO_LIMITES.decimalesPrecio} decimales; tarifa de IVA vigente; ICE opcional (código de 1 a 4 dígitos ` +
  `y tarifa de 0 a ${CATALOGO_LIMITES.tarifaIceMaxima} con hasta 2 decimales, los dos o ninguno); tipo B o S.`;
const COLUMNAS = COLUMNAS_CATALOGO.map((c) => `${c.campo}${c.obligatoria ? ' (obligatoria)' : ''}`).join(', ');
/**
 * The company application's catalogue of products and services (resource `catalogo`, menu `catalogo`): what the
 * invoice form offers for its lines. Every query is scoped by the token's company, and only by it: unlike the clients,
 * products are not assigned to sellers (every seller sells the whole catalogue).
 */
const catalogoRoutes: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: schemas.list(
        {
          summary: 'Lista paginada de productos y servicios (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
          description:
            `${SCOPE} Filtros (filter, JSON): ${PUBLIC_FILTERS.join(', ')} — q busca parte del código principal o auxiliar o de la ` +
            'descripción, sin distinguir mayúsculas ni tildes; CAT_ACTIVO true/false; CAT_IVA y CAT_TIPO un código o una lista. ' +
            'Orden (sort): CAT_DESCRIPCION (por defecto, ascendente), CAT_PRINCIPAL, CAT_CODIGO.',
        },
        ListQuery,
      ),
    },
    async (request, reply) => sendPage(reply, await listProducts(db, request.company!.empresa, request.query)),
  );

  app.get(
    '/exportar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Descarga toda la lista filtrada de productos y servicios (no solo una página) en CSV o Excel',
        description: `${SCOPE} formato: csv (UTF-8 con BOM, separado por comas) o xlsx. filter y sort como en GET /api/catalogo (filtros: ${PUBLIC_FILTERS.join(', ')}). Se genera por lotes de ${EXPORT_BATCH} filas mientras se descarga; columnas: ${COLUMNAS_CATALOGO_EXPORTACION.map((c) => c.header).join(', ')}.`,
        querystring: ExportarQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, filter, sort } = request.query;
      const batches = productBatches(db, request.company!.empresa, { filter, sort }, EXPORT_BATCH);
      return sendFile(
        reply,
        exportFile(formato, { nombre: 'productos', hoja: 'Productos', columnas: COLUMNAS_CATALOGO_EXPORTACION, batches }, request.log),
      );
    },
  );

  app.put(
    '/lote',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Activa o desactiva varios productos y servicios a la vez (hasta ${MAX_LOTE_CATALOGO})`,
        description: `Cuerpo: ids (CAT_CODIGO) y accion (activar o desactivar). Todo o nada: si algún id no es de la empresa de la sesión responde 404 y no cambia ninguno. Un producto desactivado no se ofrece en las facturas nuevas. Responde cuántos cambiaron (los que ya estaban así no cuentan).`,
        body: LoteCatalogo,
        response: { 200: LoteCatalogoResultado, ...errorResponses },
      },
    },
    async (request) => bulkActive(db, request.company!.empresa, request.body),
  );

  // Before '/:id': the template's path is not an id.
  app.get(
    '/plantilla',
    {
      onRequest: guards.company,
      // Only for importing, which is the writers'.
      config: { roles: ROLES_PERMITIDOS.catalogo.gestionar },
      schema: {
        tags,
        summary: 'Descarga la plantilla para importar productos y servicios (CSV o Excel)',
        description: `formato: csv (separado por punto y coma, UTF-8 con BOM) o xlsx (con una hoja de instrucciones: cada columna, las tarifas de IVA y los tipos). Columnas: ${COLUMNAS}.`,
        querystring: PlantillaQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato } = request.query;
      return sendFile(reply, {
        name: `plantilla-productos.${formato}`,
        type: TEMPLATE_TYPES[formato],
        body: await catalogoTemplate(formato),
      });
    },
  );

  app.post(
    '/import',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Importa productos y servicios desde un archivo CSV o Excel (.xlsx)',
        description: `Multipart, archivo en el campo current: .csv (separado por comas o punto y coma, UTF-8 con o sin BOM, o Windows-1252) o .xlsx (la primera hoja), hasta 20 MB y ${IMPORTACION_CATALOGO.maxFilas.toLocaleString('es-EC')} filas. La primera fila es la cabecera (se aceptan filas de título encima): ${COLUMNAS}; las columnas desconocidas se ignoran y una columna opcional que no está no cambia ese dato de los productos existentes. tipo: B/S o Bien/Servicio; precio con punto o coma decimal; iva: el código del SRI o la tarifa (15 %, 5 %, 0 %, No objeto, Exento); activo: sí/no. Las filas válidas se guardan por lotes de ${IMPORT_BATCH_CATALOGO}: un código principal que ya existe en la empresa (sin distinguir mayúsculas) actualiza ese producto (importar dos veces el mismo archivo no duplica); un código repetido dentro del archivo es un error en su segunda línea. Las filas con errores se devuelven con su línea (la cabecera es la línea 1) y el motivo, hasta ${IMPORTACION_CATALOGO.maxErrores} (erroresOmitidos cuenta el resto). 400 si el archivo no es CSV ni Excel, le falta una columna obligatoria o no tiene filas; 413 si supera los 20 MB. Cabecera de la plantilla: ${CATALOGO_TEMPLATE_HEADERS.join(';')}.`,
        consumes: ['multipart/form-data'],
        response: { 200: ResultadoImportacionCatalogo, ...errorResponses },
      },
    },
    async (request) => streamUpload(request, IMPORTACION_CATALOGO, (file) => importCatalogo(db, request.company!.empresa, file)),
  );

  app.get(
    '/:id',
    {
      onRequest: guards.company,
      schema: schemas.one({ summary: 'Un producto o servicio', description: SCOPE }),
    },
    async (request) => visibleProduct(db, request.company!.empresa, request.params.id),
  );

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: schemas.create({ summary: 'Crea un producto o servicio', description: RULES }, ProductoDatos),
    },
    async (request, reply) => reply.status(201).send(await createProduct(db, request.company!.empresa, request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.company,
      schema: schemas.update(
        {
          summary: 'Modifica un producto o servicio',
          description: `${SCOPE} Un campo opcional que no se envía conserva su valor; null lo vacía. Un producto con una tarifa de IVA que ya no se ofrece (12 %) puede conservarla. ${RULES}`,
        },
        ProductoDatos,
      ),
    },
    async (request) => editProduct(db, request.company!.empresa, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.company,
      schema: schemas.remove(
        {
          summary: 'Elimina un producto o servicio que ninguna factura usa',
          description: `${SCOPE} Uno que figura en una línea de factura no se elimina (409: desactívelo en su lugar).`,
        },
        Eliminado,
      ),
    },
    async (request) => removeProduct(db, request.company!.empresa, request.params.id),
  );
};

export default catalogoRoutes;
