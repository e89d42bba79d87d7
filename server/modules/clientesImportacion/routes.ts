import type { ModuleRoutes } from '../../core/context';
import { sendFile } from '../../core/download';
import { Archivo, errorResponses } from '../../core/schemas';
import { streamUpload } from '../../core/upload';
import { COLUMNAS_IMPORTACION, IMPORTACION_CLIENTES, veTodosLosClientes } from '../../../domain/clientes';
import { PlantillaQuery, ReporteQuery, ResultadoImportacion } from './contract';
import { IMPORT_BATCH, importClients } from './import';
import { describeFilters, reportConditions } from './filtros';
import { companyHeading, reportBatches } from './repo';
import { REPORT_BATCH, REPORT_TYPES, reportFileName, reportStream } from './reporte';
import { template, TEMPLATE_TYPES } from './plantilla';

/**
 * Importing clients from a CSV or Excel file, its template, and the client list as an Excel or PDF report: for the
 * company's own users (guards.company, permission clientes). Everything is the token's company's; a seller imports
 * clients for themselves and reports only theirs (clientScope).
 */
const routes: ModuleRoutes = (app, { db, guards }) => {
  const tags = ['Clientes'];
  const columnas = COLUMNAS_IMPORTACION.map((c) => `${c.campo}${c.obligatoria ? ' (obligatoria)' : ''}`).join(', ');

  app.post(
    '/import',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Importa clientes desde un archivo CSV o Excel (.xlsx)',
        description: `Multipart, archivo en el campo current: .csv (separado por comas o punto y coma, UTF-8 con o sin BOM, o Windows-1252) o .xlsx (la primera hoja), hasta 50 MB y ${IMPORTACION_CLIENTES.maxFilas.toLocaleString('es-EC')} filas. La primera fila es la cabecera (se aceptan hasta 9 filas de título encima): ${columnas}; las columnas desconocidas se ignoran y una columna que no está no cambia ese dato de los clientes existentes. El archivo se lee mientras llega y las filas válidas se guardan por lotes de ${IMPORT_BATCH}: una identificación que ya existe en la empresa actualiza ese cliente (importar dos veces el mismo archivo no duplica). Las filas con errores se devuelven con su línea (la cabecera es la línea 1) y el motivo, hasta ${IMPORTACION_CLIENTES.maxErrores} (erroresOmitidos cuenta el resto); las demás se guardan. Una cédula o RUC que no pasa el dígito verificador se guarda y se cuenta en advertencias. El consumidor final nunca se importa. Un vendedor importa clientes asignados a él y no puede actualizar los de otros (esas filas son errores). 400 si el archivo no es CSV ni Excel, le falta una columna obligatoria o no tiene filas; 413 si supera los 50 MB.`,
        consumes: ['multipart/form-data'],
        response: { 200: ResultadoImportacion, ...errorResponses },
      },
    },
    async (request) => {
      const session = request.company!;
      return streamUpload(request, IMPORTACION_CLIENTES, (file) =>
        importClients(db, file, { empresa: session.empresa, usuario: session.usuario, seller: !veTodosLosClientes(session.rol) }),
      );
    },
  );

  app.get(
    '/import/plantilla',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Descarga la plantilla para importar clientes (CSV o Excel)',
        description: `formato: csv (separado por punto y coma, UTF-8 con BOM) o xlsx (con una hoja de instrucciones: cada columna, los tipos de cliente y los grupos de la empresa). Columnas: ${columnas}.`,
        querystring: PlantillaQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato } = request.query;
      const body = await template(db, request.company!.empresa, formato);
      return sendFile(reply, { name: `plantilla-clientes.${formato}`, type: TEMPLATE_TYPES[formato], body });
    },
  );

  app.get(
    '/reporte',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Reporte de la lista de clientes filtrada, en Excel o PDF',
        description: `formato: xlsx o pdf. filter y sort como en GET /api/clientes (q, TCL_CODIGO, GCL_CODIGO, CLI_VENDEDOR, CLI_ACTIVO, bandera, id; orden por CLI_CODIGO, CLI_RAZON_SOCIAL, CLI_IDENTIFICACION o CLI_CREADO): todos los clientes que cumplen, no solo una página, y un vendedor solo los suyos. Arriba, la empresa, su RUC, la fecha y los filtros; las columnas en español. El archivo se genera mientras se descarga, leyendo ${REPORT_BATCH.toLocaleString('es-EC')} clientes por consulta (el Excel fila por fila, el PDF página por página, A4 horizontal con la cabecera y el número en cada página). Nombre: clientes-<RUC>-<fecha>.xlsx o .pdf.`,
        querystring: ReporteQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, filter, sort } = request.query;
      // Checked (and refused with a 400) before the answer starts: once the file streams, its status is sent.
      const conditions = reportConditions(request.company!, { filter, sort });
      const empresa = request.company!.empresa;
      const [company, filtros] = await Promise.all([companyHeading(db, empresa), describeFilters(db, empresa, filter)]);
      const heading = { nombre: company.nombre || company.comercial, ruc: company.ruc, filtros };
      return sendFile(reply, {
        name: reportFileName(company.ruc, formato),
        type: REPORT_TYPES[formato],
        body: reportStream(formato, heading, reportBatches(db, conditions, REPORT_BATCH), request.log),
      });
    },
  );
};

export default routes;
