import type { ModuleRoutes } from '../../core/context';
import { sendFile } from '../../core/download';
import { EXPORT_BATCH, exportFile } from '../../core/export';
import { Archivo, errorResponses } from '../../core/schemas';
import { ExportarQuery } from '../../../domain/contratos/lista';
import { hoyEcuador } from '../../../domain/fechas';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { LoteFacturas, MAX_LOTE_FACTURAS, ResultadoCorreoLote, ResultadoEliminarLote, ZipFacturasQuery } from './contract';
import { facturaBatches, PUBLIC_FILTERS } from './repo';
import { COLUMNAS_FACTURAS } from './exportacion';
import { correoLote, eliminarLote, zipLote } from './lote';
import { clientScopeValues } from '../clientes';

const tags = ['Facturas'];
const SCOPE =
  'Solo las facturas de la empresa de la sesión; un vendedor, solo las de sus clientes y las del consumidor final. Si un id no es de quien llama, responde 404 y no hace nada.';

/** The invoices list's export and its bulk actions over the selected rows (lote.ts). */
const facturasLoteRoutes: ModuleRoutes = (app, { db, files, guards, mailer, ride, tipos }) => {
  app.get(
    '/exportar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Descarga toda la lista filtrada de facturas (no solo una página) en CSV o Excel',
        description: `formato: csv (UTF-8 con BOM, separado por comas) o xlsx. filter y sort como en GET /api/facturas (filtros: ${PUBLIC_FILTERS.join(', ')}). El archivo se genera por lotes de ${EXPORT_BATCH} filas mientras se descarga; columnas: ${COLUMNAS_FACTURAS.map((c) => c.header).join(', ')}. Fechas AAAA-MM-DD; en Excel los valores son números con 2 decimales. Token en la cabecera x-token.`,
        querystring: ExportarQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, filter, sort } = request.query;
      const batches = facturaBatches(db, clientScopeValues(request.company!), { filter, sort }, EXPORT_BATCH);
      return sendFile(
        reply,
        exportFile(formato, { nombre: 'facturas', hoja: 'Facturas', columnas: COLUMNAS_FACTURAS, batches }, request.log),
      );
    },
  );

  app.post(
    '/lote/correo',
    {
      onRequest: guards.company,
      config: { roles: ROLES_PERMITIDOS.facturas.enviar },
      schema: {
        tags,
        summary: 'Envía otra vez por correo a sus compradores las facturas autorizadas seleccionadas (XML autorizado y RIDE)',
        description: `${SCOPE} Cuerpo: ids (1 a ${MAX_LOTE_FACTURAS} FAC_CODIGO). Las no autorizadas y las de un comprador sin correo se omiten; cada envío queda en el estado del correo de su factura (FAC_ENTREGA). Responde cuántas se enviaron, se omitieron y fallaron.`,
        body: LoteFacturas,
        response: { 200: ResultadoCorreoLote, ...errorResponses },
      },
    },
    async (request) => correoLote({ db, files, mailer, ride, tipos }, clientScopeValues(request.company!), request.body.ids, request.log),
  );

  app.post(
    '/lote/eliminar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Elimina los borradores seleccionados',
        description: `${SCOPE} Cuerpo: ids (1 a ${MAX_LOTE_FACTURAS} FAC_CODIGO). Todo o nada: si alguna ya fue emitida responde 409 con su número y no elimina ninguna.`,
        body: LoteFacturas,
        response: { 200: ResultadoEliminarLote, ...errorResponses },
      },
    },
    async (request) => eliminarLote(db, clientScopeValues(request.company!), request.body.ids),
  );

  app.get(
    '/lote/zip',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Descarga un ZIP con el XML autorizado y el RIDE (PDF) de las facturas autorizadas seleccionadas',
        description: `${SCOPE} ids: de 1 a ${MAX_LOTE_FACTURAS} FAC_CODIGO separados por comas (más: 400). Cada factura autorizada (o anulada después) aporta 001-001-000000123.xml (el XML autorizado) y 001-001-000000123.pdf (su RIDE); las demás se omiten, y si ninguna está autorizada responde 409. El ZIP se escribe mientras se descarga.`,
        querystring: ZipFacturasQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const ids = request.query.ids.split(',').map(Number);
      const body = await zipLote({ db, files, ride }, clientScopeValues(request.company!), ids, request.log);
      return sendFile(reply, { name: `facturas-${hoyEcuador()}.zip`, type: 'application/zip', body });
    },
  );
};

export default facturasLoteRoutes;
