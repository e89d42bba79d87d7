import type { Readable } from 'node:stream';
import { Type, type TSchema } from '@fastify/type-provider-typebox';
import type { App, AppContext, Log } from './context';
import { sendFile } from './download';
import { EXPORT_BATCH, exportFile, type ColumnaExportacion } from './export';
import { ListQuery, sendPage } from './list';
import { Archivo, errorResponses, Msg } from './schemas';
import { streamUpload } from './upload';
import type { Consultas } from '../infra/consultas';
import { PlantillaQuery, TEMPLATE_TYPES, type FormatoPlantilla } from '../infra/importacion/plantilla';
import type { Page } from './list/spec';
import type { UploadRule } from '../../domain/archivos';
import { CLIENTE_MSG, TIPO_IDENTIFICACION } from '../../domain/clientes';
import { ExportarQuery } from '../../domain/contratos/lista';
import type { RolesRuta } from './role-access';

/**
 * The routes the books of a company's parties that are never the consumidor final (suppliers, carriers) share, in this
 * order: the list, its export, the import's template, the import, and the form's RUC and cédula lookups (the book
 * first, then the consultas module's services). Each module mounts them first, then its own (one, create, edit,
 * delete…); the descriptions name the book's nouns.
 */

type TipoConsulta = typeof TIPO_IDENTIFICACION.ruc | typeof TIPO_IDENTIFICACION.cedula;

export type RutasTerceros = {
  tags: string[];
  /** The list's schema (resourceSchemas(tags, record).list). */
  lista: (doc: { summary: string; description: string }, querystring: typeof ListQuery) => object;
  /** "transportista", "transportistas": the descriptions' nouns. */
  singular: string;
  plural: string;
  /** The book's key column (TRA_CODIGO): what a lookup's `existente` is. */
  codigo: string;
  /** Whose rows the session sees (the descriptions' first sentence). */
  scope: string;
  /** The filters and sorts of the list's description. */
  filtros: string;
  publicFilters: readonly string[];
  listar: (db: AppContext['db'], empresa: number, query: ListQuery) => Promise<Page<unknown>>;
  lotes: (db: AppContext['db'], empresa: number, query: ListQuery, size: number) => AsyncIterable<unknown[]>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each book's columns read its own row
  exportacion: Array<ColumnaExportacion<any>>;
  importacion: UploadRule & { maxFilas: number; maxErrores: number };
  columnas: ReadonlyArray<{ campo: string; obligatoria: boolean }>;
  plantilla: (formato: FormatoPlantilla) => Promise<Buffer>;
  /** Who may download the template, when not the module's default roles. */
  rolesPlantilla?: RolesRuta;
  importar: (db: AppContext['db'], empresa: number, file: { filename: string; stream: Readable }) => Promise<unknown>;
  resultadoImportacion: TSchema;
  /** What the import's description says after "actualiza ese {singular}". */
  notaImportar?: string;
  consulta: TSchema;
  /** Whose lookup the RUC one works as (GET /api/clientes/apiRuc). */
  comoConsulta: string;
  noEncontrado: string;
  /** The module's services (one per module: their answers are cached). */
  consultas: Consultas;
  buscar: (db: AppContext['db'], consultas: Consultas, empresa: number, tipo: TipoConsulta, id: string, log: Log) => Promise<unknown>;
};

/** 404 of a lookup: the form's "Atencion" dialog. */
const NoEncontrado = Type.Object({ msg: Type.String(), titulo: Type.Optional(Type.String()) });
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

export function rutasTerceros(app: App, { db, guards }: AppContext, r: RutasTerceros) {
  const { tags, singular, plural, scope } = r;
  const Plural = plural[0]!.toUpperCase() + plural.slice(1);
  const { consultas } = r;
  const noEncontrado = { msg: r.noEncontrado, titulo: CLIENTE_MSG.noEncontradoTitulo };
  const lookupResponses = { 200: r.consulta, ...errorResponses, 404: NoEncontrado, 503: Msg };
  const COLUMNAS = r.columnas.map((c) => `${c.campo}${c.obligatoria ? ' (obligatoria)' : ''}`).join(', ');

  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: r.lista(
        {
          summary: `Lista paginada de ${plural} (ra-data-simple-rest: range, sort, filter; total en Content-Range)`,
          description: `${scope} ${r.filtros}`,
        },
        ListQuery,
      ),
    },
    async (request, reply) => sendPage(reply, await r.listar(db, request.company!.empresa, request.query as ListQuery)),
  );

  app.get(
    '/exportar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Descarga toda la lista filtrada de ${plural} (no solo una página) en CSV o Excel`,
        description: `${scope} formato: csv (UTF-8 con BOM, separado por comas) o xlsx. filter y sort como en GET /api/${plural} (filtros: ${r.publicFilters.join(', ')}). Se genera por lotes de ${EXPORT_BATCH} filas mientras se descarga; columnas: ${r.exportacion.map((c) => c.header).join(', ')}.`,
        querystring: ExportarQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, filter, sort } = request.query;
      const batches = r.lotes(db, request.company!.empresa, { filter, sort }, EXPORT_BATCH);
      return sendFile(reply, exportFile(formato, { nombre: plural, hoja: Plural, columnas: r.exportacion, batches }, request.log));
    },
  );

  app.get(
    '/plantilla',
    {
      onRequest: guards.company,
      ...(r.rolesPlantilla && { config: { roles: r.rolesPlantilla } }),
      schema: {
        tags,
        summary: `Descarga la plantilla para importar ${plural} (CSV o Excel)`,
        description: `formato: csv (separado por punto y coma, UTF-8 con BOM) o xlsx (con una hoja de instrucciones: cada columna y los tipos de identificación). Columnas: ${COLUMNAS}.`,
        querystring: PlantillaQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato } = request.query;
      return sendFile(reply, { name: `plantilla-${plural}.${formato}`, type: TEMPLATE_TYPES[formato], body: await r.plantilla(formato) });
    },
  );

  app.post(
    '/import',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Importa ${plural} desde un archivo CSV o Excel (.xlsx)`,
        description: `Multipart, archivo en el campo current: .csv (separado por comas o punto y coma, UTF-8 con o sin BOM, o Windows-1252) o .xlsx (la primera hoja), hasta 20 MB y ${r.importacion.maxFilas.toLocaleString('es-EC')} filas. La primera fila es la cabecera (se aceptan filas de título encima): ${COLUMNAS}; las columnas desconocidas se ignoran y una columna opcional que no está no cambia ese dato de los ${plural} existentes. Una identificación que ya existe en la empresa actualiza ese ${singular}${r.notaImportar ?? ''}; repetida dentro del archivo es un error en su segunda línea. Las filas con errores se devuelven con su línea (la cabecera es la línea 1) y el motivo, hasta ${r.importacion.maxErrores} (erroresOmitidos cuenta el resto); una cédula o RUC que no pasa el dígito verificador se guarda y se cuenta en advertencias. 400 si el archivo no es CSV ni Excel, le falta una columna obligatoria o no tiene filas; 413 si supera los 20 MB. Cabecera de la plantilla: ${r.columnas.map((c) => c.campo).join(';')}.`,
        consumes: ['multipart/form-data'],
        response: { 200: r.resultadoImportacion, ...errorResponses },
      },
    },
    async (request) => streamUpload(request, r.importacion, (file) => r.importar(db, request.company!.empresa, file)),
  );

  app.get(
    '/apiRuc/:ruc',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Busca un RUC para llenar el formulario del ${singular}: primero en los ${plural} de la empresa, luego en los servicios de RUC`,
        description:
          `Responde desde los ${plural} de la empresa (fuente ${plural}; existente: su ${r.codigo}) o pregunta a los servicios de ` +
          `CONSULTA_RUC_URLS en orden, como GET ${r.comoConsulta}/apiRuc (fuente servicio1, servicio2…). ` +
          `404 { msg: "${r.noEncontrado}", titulo } cuando no existe; 503 { msg: "${CLIENTE_MSG.sriNoDisponible}" } cuando ningún servicio respondió.`,
        params: RucParam,
        response: lookupResponses,
      },
    },
    async (request, reply) => {
      const { empresa } = request.company!;
      const hallado = await r.buscar(db, consultas, empresa, TIPO_IDENTIFICACION.ruc, request.params.ruc, request.log);
      return hallado ?? reply.status(404).send(noEncontrado);
    },
  );

  app.get(
    '/apiCedula/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Busca una cédula para llenar el formulario del ${singular}: primero en los ${plural} de la empresa, luego en el servicio de cédulas`,
        description: `Como apiRuc, con el servicio de CONSULTA_CEDULA_URL (fuente cedula). 404 { msg: "${r.noEncontrado}" }; 503 { msg: "${CLIENTE_MSG.sriNoDisponible}" }.`,
        params: CedulaParam,
        response: lookupResponses,
      },
    },
    async (request, reply) => {
      const { empresa } = request.company!;
      const hallado = await r.buscar(db, consultas, empresa, TIPO_IDENTIFICACION.cedula, request.params.id, request.log);
      return hallado ?? reply.status(404).send(noEncontrado);
    },
  );
}
