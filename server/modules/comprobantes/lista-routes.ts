/**
 * The list routes of an issued document type (notes, liquidaciones, retenciones), given its list (lista-documentos.ts):
 * the page, the totals of its filter and the export. Each type's module mounts them under its prefix.
 */
import { Type, type TSchema } from '@fastify/type-provider-typebox';
import type { App, AppContext } from '../../core/context';
import type { CompanyActor } from '../../core/actor';
import { sendFile } from '../../core/download';
import { EXPORT_BATCH, exportFile, type ColumnaExportacion } from '../../core/export';
import { ListQuery, sendPage } from '../../core/list';
import { Archivo, errorResponses } from '../../core/schemas';
import { ExportarQuery } from '../../../domain/contratos/lista';
import { TotalesQuery } from '../../../domain/contratos/facturas';
import type { AlcanceDocumentos } from './filas';
import type { listaDocumentos, TotalesDocumentos } from './lista-documentos';

type Lista = Pick<ReturnType<typeof listaDocumentos<never, unknown, never, unknown>>, 'filtros' | 'listar' | 'totales' | 'lotes'>;

/** What a type gives its list routes. */
export type RutasLista = {
  lista: Lista;
  tags: string[];
  /** "retenciones": the summaries' noun. */
  plural: string;
  /** Whose documents the session sees (the descriptions' first sentence) and how a request says it. */
  scope: string;
  alcance(request: { company?: CompanyActor }): AlcanceDocumentos;
  /** What each filter means (after their names). */
  filtros: string;
  fila: TSchema;
  /** What the list's description adds after its sorts. */
  nota?: string;
  /** The totals' answer; `sumas` names them in the summary; `leer` renames them (a retención's subtotal is its renta). */
  totales: { respuesta: TSchema; sumas?: string; leer?: (t: TotalesDocumentos) => unknown };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each type's columns read its own row
  exportacion: { columnas: Array<ColumnaExportacion<any>>; nombre: string; hoja: string };
};

export function rutasLista(app: App, ctx: AppContext, r: RutasLista) {
  const { db, guards } = ctx;
  const { tags, plural, scope } = r;
  const FILTERS = `Filtros (filter, JSON): ${r.lista.filtros.join(', ')} — ${r.filtros}`;
  const leer = r.totales.leer ?? ((t: TotalesDocumentos) => t);

  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Lista paginada de ${plural} (ra-data-simple-rest: range, sort, filter; total en Content-Range)`,
        description: `${scope} ${FILTERS} Orden (sort): FAC_CODIGO (por defecto, descendente), FAC_FECHA, FAC_TOTAL.${r.nota ? ` ${r.nota}` : ''}`,
        querystring: ListQuery,
        response: { 200: Type.Array(r.fila), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await r.lista.listar(db, r.alcance(request), request.query)),
  );

  app.get(
    '/totales',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Cantidad y sumas (${r.totales.sumas ?? 'subtotal, IVA, total'}) de las ${plural} que cumplen el filtro de la lista`,
        description: `${scope} ${FILTERS} Las anuladas se cuentan aparte y no suman.`,
        querystring: TotalesQuery,
        response: { 200: r.totales.respuesta, ...errorResponses },
      },
    },
    async (request) => leer(await r.lista.totales(db, r.alcance(request), request.query.filter)),
  );

  app.get(
    '/exportar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Descarga toda la lista filtrada de ${plural} en CSV o Excel`,
        description: `formato: csv o xlsx; filter y sort como en la lista. Columnas: ${r.exportacion.columnas.map((c) => c.header).join(', ')}.`,
        querystring: ExportarQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, filter, sort } = request.query;
      const batches = r.lista.lotes(db, r.alcance(request), { filter, sort }, EXPORT_BATCH);
      const { nombre, hoja, columnas } = r.exportacion;
      return sendFile(reply, exportFile(formato, { nombre, hoja, columnas, batches }, request.log));
    },
  );
}
