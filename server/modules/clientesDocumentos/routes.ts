import type { FastifyRequest } from 'fastify';
import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { sendFile } from '../../core/download';
import { found, HttpError } from '../../core/errors';
import { Download, errorResponses, IdParam, Msg } from '../../core/schemas';
import { readUpload } from '../../core/upload';
import type { FileStore } from '../../infra/files';
import type { Executor } from '../../infra/db/client';
import { DOCUMENTO_CLIENTE, IMAGEN_CLIENTE } from '../../../domain/clientes';
import type { UploadRule } from '../../../domain/archivos';
import { findVisibleClient } from '../clientes';
import { ClienteQuery, DocumentoCliente, IMAGE_DESCRIPTION, UPLOAD_DESCRIPTION } from './contract';
import { clientDocuments, deleteDocument, findDocument, insertDocument, toDocumento, userName } from './repo';

const tags = ['Clientes: documentos'];

export const DOCUMENTO_MSG = {
  eliminado: (nombre: string) => `Documento ${nombre} eliminado`,
  sinArchivo: 'El archivo del documento no está disponible',
} as const;

/**
 * A document of the signed-in company whose client the user may see (a seller: only their clients'); 404 otherwise,
 * also for another company's document: nothing tells it exists.
 */
export async function findVisibleDocument(db: Executor, request: FastifyRequest, id: number) {
  const document = found(await findDocument(db, request.company!.empresa, id));
  await findVisibleClient(db, request.company!, document.CLI_CODIGO);
  return document;
}

/** Streams the request's file into the storage (type by content, size while it arrives) and records it on the client. */
async function storeDocument(db: Executor, files: FileStore, request: FastifyRequest, cliente: number, rule: UploadRule) {
  const client = await findVisibleClient(db, request.company!, cliente);
  const upload = await readUpload(request, rule);
  const company = request.company!;
  const row = await files.save(upload, rule, `cliente:${client.CLI_CODIGO}`, (tx, file) =>
    insertDocument(tx, {
      CLI_CODIGO: client.CLI_CODIGO,
      EMP_CODIGO: client.EMP_CODIGO,
      CDO_NOMBRE: file.ARC_NOMBRE,
      CDO_RUTA: file.ARC_ID,
      CDO_TIPO: file.ARC_TIPO,
      CDO_BYTES: file.ARC_TAMANO,
      USU_CODIGO: company.usuario,
    }),
  );
  return toDocumento({ ...row, usuario: await userName(db, company.usuario) });
}

/**
 * A client's documents (PDF, images, office files): list, upload, download, delete. Every route finds the client (or
 * the document's client) through findVisibleClient: another company's, or another seller's for a seller, is a 404.
 */
const clientesDocumentosRoutes: ModuleRoutes = (app, { db, files, guards }) => {
  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Documentos del cliente ?cliente=, el más reciente primero',
        querystring: ClienteQuery,
        response: { 200: Type.Array(DocumentoCliente), ...errorResponses },
      },
    },
    async (request) => {
      const client = await findVisibleClient(db, request.company!, request.query.cliente);
      return clientDocuments(db, client.EMP_CODIGO, client.CLI_CODIGO);
    },
  );

  // A document and an image: one upload, each with the kinds of file it accepts.
  const uploads = [
    {
      url: '/',
      summary: 'Sube un documento al cliente ?cliente= (PDF, imagen, Word, Excel u OpenDocument; 15 MB)',
      description: UPLOAD_DESCRIPTION,
      kind: DOCUMENTO_CLIENTE,
    },
    {
      url: '/img',
      summary: 'Sube una imagen al cliente ?cliente= (JPG, PNG o WEBP; 15 MB)',
      description: IMAGE_DESCRIPTION,
      kind: IMAGEN_CLIENTE,
    },
  ];
  for (const { url, summary, description, kind } of uploads) {
    app.post(
      url,
      {
        onRequest: guards.company,
        schema: {
          tags,
          summary,
          description,
          consumes: ['multipart/form-data'],
          querystring: ClienteQuery,
          response: { 201: DocumentoCliente, ...errorResponses },
        },
      },
      async (request, reply) => reply.status(201).send(await storeDocument(db, files, request, request.query.cliente, kind)),
    );
  }

  app.delete(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Elimina el documento {id} de un cliente, con su archivo',
        params: IdParam('id'),
        response: { 200: Msg, ...errorResponses },
      },
    },
    async (request) =>
      files.transaction(async (tx, release) => {
        const document = await findVisibleDocument(tx, request, request.params.id);
        await deleteDocument(tx, document.EMP_CODIGO, document.CDO_ID);
        await release(document.CDO_RUTA);
        return { msg: DOCUMENTO_MSG.eliminado(document.CDO_NOMBRE) };
      }),
  );

  app.get(
    '/:id/descarga',
    {
      // The token travels only in the x-token header: a token in the URL would end up in logs and browser history.
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Descarga el documento {id} de un cliente, con su nombre y su tipo',
        params: IdParam('id'),
        response: { 200: Download, ...errorResponses },
      },
    },
    async (request, reply) => {
      const document = await findVisibleDocument(db, request, request.params.id);
      const stored = await files.open(document.CDO_RUTA);
      if (!stored?.body) throw new HttpError(404, DOCUMENTO_MSG.sinArchivo);
      return sendFile(reply, { name: document.CDO_NOMBRE, type: document.CDO_TIPO, size: document.CDO_BYTES, body: stored.body });
    },
  );
};

export default clientesDocumentosRoutes;
