import { Type } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../core/context';
import { sendFile, storedFile } from '../../core/download';
import { HttpError } from '../../core/errors';
import { Download, errorResponses, IdParam } from '../../core/schemas';
import { readUpload } from '../../core/upload';
import type { FileStore } from '../../infra/files';
import { formatBytes } from '../../../domain/archivos';
import { findVisibleCompany } from '../../core/companies';
import { recordHistory } from '../../core/company-history';
import { actorOf, type Actor } from '../../core/actor';
import type { Executor, Tx } from '../../infra/db/client';
import { EMPRESA_MSG, LogoGuardado } from './contract';
import { logoFile, setCompanyLogo } from './repo';
import { findCompany, lockForChange } from '../../core/companies';
import { LOGO_FILE } from '../../../domain/logos';
import { ROLES_PERMITIDOS } from '../../../domain/roles';
import { lockOwnCompany } from './configuracion-repo';

const tags = ['Empresas (administración)'];
const Id = IdParam('id');
const ImageDownload = { 200: Download, ...errorResponses };
/** How the history shows a logo, under the EMP_LOGO label: its name and size. */
const described = (file: { ARC_NOMBRE: string; ARC_TAMANO: number } | null) =>
  file && `${file.ARC_NOMBRE} (${formatBytes(file.ARC_TAMANO)})`;

/** A change of the logo in the company's history (with the company's data), as the history shows it before and after. */
const recordLogo = (tx: Executor, actor: Actor, empresa: number, descripcion: string, antes: string | null, despues: string | null) =>
  recordHistory(tx, actor, { empresa, accion: 'datos', descripcion, antes: { EMP_LOGO: antes }, despues: { EMP_LOGO: despues } });

/** The logo's bytes with its type (image/png or image/jpeg); 404 when the company has none or its bytes are gone. */
async function sendLogo(files: FileStore, reply: FastifyReply, logo: string | null) {
  const stored = logo ? await files.open(logo) : undefined;
  if (!stored?.body) throw new HttpError(404, EMPRESA_MSG.noLogo);
  return sendFile(reply, storedFile({ ...stored, body: stored.body }));
}

/** Finds and locks the company whose logo changes: the back office's visible company, or the session's own. */
type LockCompany = (tx: Tx) => Promise<{ EMP_LOGO: string | null }>;

/**
 * The company's logo for printed documents (the RIDE prints it): the back office uploads, shows and removes it from
 * the company page; the company application reads its own, and its administrator uploads and removes it from
 * "Mi empresa" with the same rules. Changing it does not bump EMP_VERSION, so a page with unsaved edits can still save them.
 */
const logoRoutes: ModuleRoutes = (app, { db, files, guards }) => {
  /** Reads the upload and makes it the company's logo, releasing the previous file; recorded in the history. */
  async function saveLogo(request: FastifyRequest, id: number, lock: LockCompany) {
    const upload = await readUpload(request, LOGO_FILE);
    return files.save(upload, LOGO_FILE, `logo:${id}`, async (tx, file, release) => {
      const company = await lock(tx);
      const antes = described(await logoFile(tx, company.EMP_LOGO));
      await setCompanyLogo(tx, id, file.ARC_ID);
      await release(company.EMP_LOGO);
      await recordLogo(tx, actorOf(request), id, EMPRESA_MSG.logoSaved, antes, described(file));
      const { ARC_NOMBRE, ARC_TIPO, ARC_TAMANO } = file;
      return { EMP_LOGO: file.ARC_ID, ARC_NOMBRE, ARC_TIPO, ARC_TAMANO, msg: EMPRESA_MSG.logoSaved };
    });
  }

  /** Removes the company's logo and its file (404 without one); recorded in the history. */
  async function removeLogo(request: FastifyRequest, id: number, lock: LockCompany) {
    return files.transaction(async (tx, release) => {
      const company = await lock(tx);
      if (!company.EMP_LOGO) throw new HttpError(404, EMPRESA_MSG.noLogo);
      const antes = described(await logoFile(tx, company.EMP_LOGO));
      await setCompanyLogo(tx, id, null);
      await release(company.EMP_LOGO);
      await recordLogo(tx, actorOf(request), id, EMPRESA_MSG.logoRemoved, antes, null);
      return { msg: EMPRESA_MSG.logoRemoved };
    });
  }

  app.post(
    '/empresas/logo/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Sube el logo para documentos impresos de la empresa {id} y reemplaza el anterior (multipart)',
        description: `Archivo en el campo current: PNG o JPG (por extensión y por contenido) de hasta ${LOGO_FILE.maxBytes} bytes; más grande, 413. El archivo del logo anterior se elimina. Queda en el historial.`,
        consumes: ['multipart/form-data'],
        params: Id,
        response: { 200: LogoGuardado, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      await findVisibleCompany(db, request.admin!, id);
      return saveLogo(request, id, (tx) => lockForChange(tx, request.admin!, id));
    },
  );

  app.get(
    '/empresas/logo/:id',
    {
      // The token travels only in the x-token header; the page shows the image from a blob URL.
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'El logo para documentos impresos de la empresa {id} (image/png o image/jpeg)',
        params: Id,
        response: ImageDownload,
      },
    },
    async (request, reply) => sendLogo(files, reply, (await findVisibleCompany(db, request.admin!, request.params.id)).EMP_LOGO),
  );

  app.delete(
    '/empresas/logo/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Quita el logo para documentos impresos de la empresa {id} y elimina su archivo',
        params: Id,
        response: { 200: Type.Object({ msg: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      return removeLogo(request, id, (tx) => lockForChange(tx, request.admin!, id));
    },
  );

  app.get(
    '/miEmpresa/logo',
    {
      onRequest: guards.company,
      // Printed documents use it, whatever the company's menu and the user's role.
      config: { permiso: null, roles: ROLES_PERMITIDOS.todos },
      schema: { tags: ['Empresa'], summary: 'El logo para documentos impresos de la empresa de la sesión', response: ImageDownload },
    },
    async (request, reply) => sendLogo(files, reply, (await findCompany(db, request.company!.empresa))!.EMP_LOGO),
  );

  /** The company's own administrator changes its logo from "Mi empresa". */
  const ownLogo = { permiso: 'mi-empresa', roles: ROLES_PERMITIDOS.empresa.configurar };

  app.post(
    '/miEmpresa/logo',
    {
      onRequest: guards.company,
      config: ownLogo,
      schema: {
        tags: ['Empresa'],
        summary: 'Sube el logo para documentos impresos de la empresa de la sesión y reemplaza el anterior (multipart)',
        description: `Archivo en el campo current: PNG o JPG (por extensión y por contenido) de hasta ${LOGO_FILE.maxBytes} bytes; más grande, 413. Queda en el historial.`,
        consumes: ['multipart/form-data'],
        response: { 200: LogoGuardado, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.company!.empresa;
      return saveLogo(request, id, (tx) => lockOwnCompany(tx, id));
    },
  );

  app.delete(
    '/miEmpresa/logo',
    {
      onRequest: guards.company,
      config: ownLogo,
      schema: {
        tags: ['Empresa'],
        summary: 'Quita el logo para documentos impresos de la empresa de la sesión',
        response: { 200: Type.Object({ msg: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      const id = request.company!.empresa;
      return removeLogo(request, id, (tx) => lockOwnCompany(tx, id));
    },
  );
};

export default logoRoutes;
