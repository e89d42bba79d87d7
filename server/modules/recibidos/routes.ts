import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../core/context';
import { sendFile } from '../../core/download';
import { EXPORT_BATCH, exportFile } from '../../core/export';
import { found, HttpError } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { Archivo, errorResponses, IdParam } from '../../core/schemas';
import { UploadRejected } from '../../infra/files';
import { ExportarQuery } from '../../../domain/contratos/lista';
import { TotalesQuery } from '../../../domain/contratos/facturas';
import { rideDe, type TipoComprobante } from '../comprobantes';
import { ClavesRecibidos, Recibido, RecibidoDetalle, RECIBIDOS_MSG, RecibidosTotales, ResultadoImportacion } from './contract';
import { ARCHIVO_MAX, DOCUMENTOS_MAX, documentosSubidos, IMPORTACION_MAX, type Parte } from './archivos';
import { COLUMNAS_RECIBIDOS } from './exportacion';
import { importar, type Pendiente } from './importar';
import { clavesDelReporte, textoDe } from './reporte';
import {
  buscarRecibido,
  documentoRecibido,
  eliminarRecibido,
  FILTROS_RECIBIDOS,
  listRecibidos,
  recibidosBatches,
  totalesRecibidos,
} from './repo';

const tags = ['Documentos recibidos'];
const SCOPE = 'Solo los documentos de la empresa de la sesión (el de otra empresa responde 404).';
const FILTROS = `Filtros (filter, JSON): ${FILTROS_RECIBIDOS.join(', ')} — REC_TIPO uno o una lista (01 factura, 03 liquidación de compra, 04 nota de crédito, 05 nota de débito, 07 retención); desde y hasta fechas AAAA-MM-DD de emisión; q el número, la clave de acceso, o parte del RUC o el nombre del emisor; retenible true: facturas y notas de débito de proveedores sin una retención nuestra vigente (emitida y no devuelta, rechazada ni anulada).`;
const RESULTADO =
  'Responde qué pasó con cada documento (importado, duplicado o rechazado con el motivo); uno rechazado no detiene a los demás. Cada documento se comprueba: su firma electrónica, que la clave de acceso sea válida y corresponda al documento, que esté dirigido a la empresa (comprador, proveedor de una liquidación o sujeto retenido = su RUC) y, con la empresa en producción, que no sea del ambiente de pruebas. El emisor de una factura o nota que no está entre los proveedores se añade; una retención de un cliente se aplica a sus facturas.';
const MALFORMADO = 'Los archivos deben enviarse como multipart/form-data completo';
const claves = (texto: string) => [...new Set(texto.match(/(?<!\d)\d{49}(?!\d)/g) ?? [])];

/** Every file part of `campo`, whole: a part over the size limit, too many files or a broken body are refused. */
async function partes(request: FastifyRequest, campo: string, maxArchivos: number): Promise<Parte[]> {
  if (Number(request.headers['content-length']) > IMPORTACION_MAX) throw new UploadRejected('size', RECIBIDOS_MSG.archivoGrande);
  const lista: Parte[] = [];
  try {
    for await (const parte of request.parts({ limits: { files: maxArchivos, fileSize: ARCHIVO_MAX, parts: maxArchivos + 10 } })) {
      if (parte.type !== 'file') continue;
      if (parte.fieldname !== campo) {
        parte.file.resume();
        continue;
      }
      lista.push({ nombre: parte.filename, contenido: await parte.toBuffer() });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadRejected('size', RECIBIDOS_MSG.archivoGrande);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(400, RECIBIDOS_MSG.demasiadas);
    throw new HttpError(400, MALFORMADO);
  }
  return lista;
}

export default async function recibidosRoutes(app: App, ctx: AppContext) {
  const { db, files, guards, ride, sri } = ctx;
  const Id = IdParam('id');
  const importador = (request: FastifyRequest) => ({
    db,
    sri: sri.cliente,
    empresa: request.company!.empresa,
    usuario: request.company!.usuario,
  });
  const porClaves = (lista: string[], origen: (clave: string) => string, origenRecibido: Pendiente['origenRecibido']): Pendiente[] => {
    if (!lista.length) throw new HttpError(400, RECIBIDOS_MSG.sinClaves);
    if (lista.length > DOCUMENTOS_MAX) throw new HttpError(400, RECIBIDOS_MSG.demasiadas);
    return lista.map((clave) => ({ origen: origen(clave), origenRecibido, clave }));
  };

  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Lista paginada de documentos recibidos (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
        description: `${SCOPE} ${FILTROS} Orden (sort): REC_CODIGO (por defecto, descendente), REC_FECHA, REC_TOTAL. RETENCION es la retención nuestra vigente sobre el documento.`,
        querystring: ListQuery,
        response: { 200: Type.Array(Recibido), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listRecibidos(db, request.company!.empresa, request.query)),
  );

  app.get(
    '/totales',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Cantidad y sumas (subtotal, IVA, total) de los documentos que cumplen el filtro, y por mes y tipo',
        description: `${SCOPE} ${FILTROS} En una retención, el total es lo retenido (su subtotal e IVA son 0).`,
        querystring: TotalesQuery,
        response: { 200: RecibidosTotales, ...errorResponses },
      },
    },
    async (request) => totalesRecibidos(db, request.company!.empresa, request.query.filter),
  );

  app.get(
    '/exportar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Descarga toda la lista filtrada de documentos recibidos en CSV o Excel',
        description: `formato: csv o xlsx; filter y sort como en la lista. Columnas: ${COLUMNAS_RECIBIDOS.map((c) => c.header).join(', ')}.`,
        querystring: ExportarQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, filter, sort } = request.query;
      const batches = recibidosBatches(db, request.company!.empresa, { filter, sort }, EXPORT_BATCH);
      return sendFile(
        reply,
        exportFile(
          formato,
          { nombre: 'documentos-recibidos', hoja: 'Documentos recibidos', columnas: COLUMNAS_RECIBIDOS, batches },
          request.log,
        ),
      );
    },
  );

  app.get(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Un documento recibido completo',
        description: SCOPE,
        params: Id,
        response: { 200: RecibidoDetalle, ...errorResponses },
      },
    },
    async (request) => found(await buscarRecibido(db, request.company!.empresa, request.params.id), RECIBIDOS_MSG.noEncontrado),
  );

  app.get(
    '/:id/xml',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'El comprobante firmado tal como el SRI lo autorizó (descarga recibido-<tipo>-001-001-000000123.xml)',
        description: SCOPE,
        params: Id,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const doc = found(await documentoRecibido(db, request.company!.empresa, request.params.id), RECIBIDOS_MSG.noEncontrado);
      return sendFile(reply, {
        name: `recibido-${doc.REC_TIPO}-${doc.REC_NUMERO}.xml`,
        type: 'application/xml; charset=utf-8',
        body: doc.REC_XML,
      });
    },
  );

  app.get(
    '/:id/ride',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'El RIDE (PDF) de un documento recibido, impreso desde su XML autorizado',
        description: `${SCOPE} Sin el logotipo del emisor, que el XML no trae. 409 si Amelia aún no imprime ese tipo de comprobante.`,
        params: Id,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const empresa = request.company!.empresa;
      const doc = found(await documentoRecibido(db, empresa, request.params.id), RECIBIDOS_MSG.noEncontrado);
      let tipo: TipoComprobante;
      try {
        tipo = ctx.tipos(doc.REC_TIPO);
      } catch {
        throw new HttpError(409, RECIBIDOS_MSG.sinRide);
      }
      const documento = {
        FAC_XML: doc.REC_XML,
        FAC_AUTORIZACION: doc.REC_AUTORIZACION,
        FAC_FECHA_AUTORIZACION: doc.REC_FECHA_AUTORIZACION,
        FAC_AMBIENTE: doc.REC_AMBIENTE,
      };
      // The issuer's logo is not ours to print: the company's own is left out.
      const pdf = await rideDe({ db, files, ride }, empresa, documento, tipo, { logo: null });
      return sendFile(reply, { name: `recibido-${doc.REC_TIPO}-${doc.REC_NUMERO}.pdf`, type: 'application/pdf', body: pdf });
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Olvida un documento recibido',
        description: `${SCOPE} 409 si una retención nuestra lo sustenta o es una retención aplicada como cobro vigente.`,
        params: Id,
        response: { 200: Type.Object({ REC_CODIGO: Type.Integer() }), ...errorResponses },
      },
    },
    async (request) => eliminarRecibido(db, request.company!.empresa, request.params.id),
  );

  app.post(
    '/archivos',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Importa comprobantes autorizados desde archivos XML o ZIP',
        description: `Multipart, campo archivos (uno o varios): el XML autorizado que entrega el SRI (<autorizacion> con el comprobante, también dentro de la respuesta SOAP), o un ZIP de ellos; hasta ${ARCHIVO_MAX / 1024 / 1024} MB cada archivo, ${IMPORTACION_MAX / 1024 / 1024} MB en total y ${DOCUMENTOS_MAX} documentos. Un comprobante firmado sin la autorización se consulta al SRI por su clave. ${RESULTADO}`,
        consumes: ['multipart/form-data'],
        response: { 200: ResultadoImportacion, ...errorResponses },
      },
    },
    async (request) => importar(importador(request), documentosSubidos(await partes(request, 'archivos', DOCUMENTOS_MAX))),
  );

  app.post(
    '/claves',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Importa comprobantes por su clave de acceso: los pide al SRI (autorizacionComprobante) y guarda el XML autorizado',
        description: `Cada número de 49 dígitos del texto es una clave (hasta ${DOCUMENTOS_MAX}); se consultan 4 a la vez en el ambiente que dice la clave. Si el SRI no responde, esa clave queda rechazada con el motivo y las demás siguen. ${RESULTADO}`,
        body: ClavesRecibidos,
        response: { 200: ResultadoImportacion, ...errorResponses },
      },
    },
    async (request) =>
      importar(
        importador(request),
        porClaves(claves(request.body.claves), (clave) => clave, 'clave'),
      ),
  );

  app.post(
    '/reporte',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Importa el reporte de comprobantes recibidos del portal del SRI, pidiendo al SRI cada clave',
        description: `Multipart, campo archivo: el .txt que descarga el portal (separado por tabuladores, con la cabecera que nombra CLAVE_ACCESO; UTF-8 o Windows-1252). Cada clave se consulta al SRI como en POST /claves; origen es la línea del reporte. ${RESULTADO}`,
        consumes: ['multipart/form-data'],
        response: { 200: ResultadoImportacion, ...errorResponses },
      },
    },
    async (request) => {
      const [archivo] = await partes(request, 'archivo', 1);
      if (!archivo) throw new HttpError(400, RECIBIDOS_MSG.reporte);
      const lineas = clavesDelReporte(textoDe(archivo.contenido));
      const linea = new Map(lineas.map((l) => [l.clave, `línea ${l.linea}`]));
      return importar(
        importador(request),
        porClaves(
          lineas.map((l) => l.clave),
          (clave) => linea.get(clave)!,
          'reporte',
        ),
      );
    },
  );
}
