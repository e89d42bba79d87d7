import { Readable } from 'node:stream';
import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { found, HttpError } from '../../core/errors';
import { errorResponses } from '../../core/schemas';
import { ListQuery, sendPage } from '../../core/list';
import { sendFile, storedFile } from '../../core/download';
import { readUpload } from '../../core/upload';
import { UploadRejected, type Upload } from '../../infra/files';
import { extensionOf } from '../../../domain/archivos';
import { MSG } from '../../../domain/messages';
import type { ValueKey } from '../../../domain/configuraciones';
import { IMAGE_MSG, isImageValue, SETTING_IMAGE, settingImageUrl } from '../../../domain/configuraciones-valores';
import { ArchivoParams, Configuracion, ConfiguracionCambio, ConfiguracionParams, ImagenGuardada, ImagenParams } from './contract';
import { findConfiguracion, IMAGE_OWNER_PREFIX, imageOwner, listConfiguraciones, setConfiguracionImage, updateConfiguracion } from './repo';
import { sanitizeSvg } from './svg';

const tags = ['Configuraciones'];
const permiso = 'configuraciones';

/** Reads the whole upload (at most the rule's size: the upload stream fails past it) into memory. */
async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > SETTING_IMAGE.maxBytes) {
      stream.resume();
      throw new UploadRejected('size', SETTING_IMAGE.sizeMessage);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** An SVG upload replaced by its sanitized copy (scripts, handlers and outside references removed); 400 when it is no SVG. */
async function sanitizedUpload(upload: Upload): Promise<Upload> {
  if (extensionOf(upload.filename) !== 'svg') return upload;
  const clean = sanitizeSvg((await readAll(upload.stream)).toString('utf8'));
  if (!clean) throw new HttpError(400, IMAGE_MSG.badSvg);
  return { filename: upload.filename, stream: Readable.from([Buffer.from(clean, 'utf8')]) };
}

/**
 * The global settings: public to read (the web app's branding and contact data, and the white-label images); only
 * whoever the menus give `configuraciones` changes them, each value checked by what it means, each change in the audit log.
 */
const configuracionesRoutes: ModuleRoutes = (app, { db, files, guards }) => {
  // guards.admin: whoever the menus give `configuraciones` changes them: the settings grant no access to anything.

  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'Configuraciones globales (pública); sin parámetros, todas en orden de CON_CODIGO: el orden del arreglo es parte del contrato',
        description:
          'Con range, sort (CON_CODIGO, CON_NOMBRE, id) o filter (q sobre CON_NOMBRE, id) responde como ra-data-simple-rest, con el total en Content-Range. Cache-Control: no-cache, para que un cambio se vea en la siguiente carga de la página.',
        querystring: ListQuery,
        response: { 200: Type.Array(Configuracion), ...errorResponses },
      },
    },
    async (request, reply) => {
      // A saved change shows on the next page load: browsers and proxies revalidate every time.
      reply.header('Cache-Control', 'no-cache');
      return sendPage(reply, await listConfiguraciones(db, request.query));
    },
  );

  app.get(
    '/imagen/:archivo',
    {
      schema: {
        tags,
        summary: 'Una imagen de marca blanca subida (pública: la muestran las pantallas de ingreso)',
        description:
          'PNG, JPG, SVG (saneado) o ICO. La dirección cambia con cada imagen subida, por eso se guarda en caché un año. Solo sirve imágenes de configuraciones.',
        params: ArchivoParams,
      },
    },
    async (request, reply) => {
      const stored = await files.open(request.params.archivo);
      if (!stored?.body || !stored.ARC_PROPIETARIO.startsWith(IMAGE_OWNER_PREFIX)) {
        stored?.body?.destroy();
        throw new HttpError(404, IMAGE_MSG.noImage);
      }
      // Opened on its own, an image runs nothing and loads nothing from outside.
      reply.header('Content-Security-Policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
      return sendFile(reply, {
        ...storedFile({ ...stored, body: stored.body }),
        // The address changes with every image uploaded: a year in any cache, shown in place.
        inline: true,
        cache: 'public, max-age=31536000, immutable',
      });
    },
  );

  app.get(
    '/:id',
    {
      onRequest: guards.admin,
      config: { permiso },
      schema: { tags, summary: 'Una configuración', params: ConfiguracionParams, response: { 200: Configuracion, ...errorResponses } },
    },
    async (request) => found(await findConfiguracion(db, request.params.id), MSG.settingNotFound),
  );

  app.put(
    '/actualizar',
    {
      onRequest: guards.admin,
      config: { permiso },
      schema: {
        tags,
        summary: 'Actualiza los valores de una configuración (menú configuraciones)',
        description:
          'Cada valor se revisa según lo que significa (correo, teléfono, dirección web, si/no, ambiente del SRI...); un valor que no cambia no se revisa. Los cambios quedan en la auditoría con sus valores antes y después.',
        body: ConfiguracionCambio,
        response: { 200: Configuracion, ...errorResponses },
      },
    },
    async (request) => files.transaction((tx, release) => updateConfiguracion(tx, request.admin!, release, request.body)),
  );

  app.post(
    '/:id/imagen/:valor',
    {
      onRequest: guards.admin,
      config: { permiso },
      schema: {
        tags,
        summary: 'Sube una imagen de marca blanca (logo, portada o favicon) y la guarda en ese valor (multipart)',
        description: `Archivo en el campo current: PNG, JPG, SVG o ICO (por extensión y por contenido) de hasta ${SETTING_IMAGE.maxBytes} bytes; más grande, 413. Un SVG se guarda saneado: sin scripts, manejadores de eventos ni referencias externas. El valor pasa a ser la dirección pública de la imagen; la anterior subida se elimina. Queda en la auditoría.`,
        consumes: ['multipart/form-data'],
        params: ImagenParams,
        response: { 200: ImagenGuardada, ...errorResponses },
      },
    },
    async (request) => {
      const { id, valor } = request.params;
      const key = `CON_VALOR${valor}` as ValueKey;
      if (!(await findConfiguracion(db, id))) throw new HttpError(404, MSG.settingNotFound);
      if (!isImageValue(id, key)) throw new HttpError(404, IMAGE_MSG.notImage);
      const upload = await sanitizedUpload(await readUpload(request, SETTING_IMAGE));
      const row = await files.save(upload, SETTING_IMAGE, imageOwner(id, key), (tx, file, release) =>
        setConfiguracionImage(tx, request.admin!, release, id, key, settingImageUrl(file.ARC_ID)),
      );
      return { ...row, msg: IMAGE_MSG.saved };
    },
  );
};

export default configuracionesRoutes;
