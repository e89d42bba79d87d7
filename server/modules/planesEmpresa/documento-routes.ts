import type { ModuleRoutes } from '../../core/context';
import { sendFile, storedFile } from '../../core/download';
import { HttpError } from '../../core/errors';
import { Download, errorResponses, IdParam } from '../../core/schemas';
import { readUpload } from '../../core/upload';
import { activarDescargaPlan, PLAN_FILE, PLAN_MSG } from '../../../domain/planes';
import { PlanEmpresaGuardado } from './contract';
import { findVisibleSale, saleById, toPlanEmpresa } from './repo';
import { attachDocument } from './service';

const tags = ['Planes'];
const Id = IdParam('id');

/**
 * A sold plan's document: the printing-house authorization, or any plan's contract. Uploading one replaces the
 * previous file; the download appears exactly when activarDescargaPlan says so (an extension that is not "NULL").
 */
const documentRoutes: ModuleRoutes = (app, { db, files, guards }) => {
  app.post(
    '/empresas/planes/:id/documento',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Sube el documento del plan vendido {PLANEMPRESA_ID} (autorización de imprenta) y reemplaza el anterior (multipart)',
        description: `Archivo en el campo current: PDF, JPG o PNG (por extensión y por contenido) de hasta ${PLAN_FILE.maxBytes} bytes; más grande, 413. Fija PLANEMPRESA_EXTENSION (pdf, jpg o png).`,
        consumes: ['multipart/form-data'],
        params: Id,
        response: { 200: PlanEmpresaGuardado, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const sale = await findVisibleSale(db, request.admin!, id);
      const upload = await readUpload(request, PLAN_FILE);
      await files.save(upload, PLAN_FILE, `plan:${sale.PLANEMPRESA_ID}`, (tx, file, release) =>
        attachDocument(tx, request.admin!, id, file, release),
      );
      return { ...toPlanEmpresa((await saleById(db, id))!), msg: PLAN_MSG.documentSaved };
    },
  );

  app.get(
    '/empresas/descarga/plan/:id',
    {
      // The token travels only in the x-token header: a token in the URL would end up in logs and browser history.
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Descarga el documento del plan vendido {PLANEMPRESA_ID} con su nombre original',
        description:
          'Responde 404 cuando el plan no tiene documento (activarDescargaPlan es false). /empresas/descarga/{a}/{b} sigue siendo la de los pagos.',
        params: Id,
        response: { 200: Download, ...errorResponses },
      },
    },
    async (request, reply) => {
      const sale = await findVisibleSale(db, request.admin!, request.params.id);
      if (!activarDescargaPlan(sale.PLANEMPRESA_EXTENSION) || !sale.ARC_ID) throw new HttpError(404, PLAN_MSG.noDocument);
      const stored = await files.open(sale.ARC_ID);
      if (!stored?.body) throw new HttpError(404, PLAN_MSG.noDocument);
      return sendFile(reply, storedFile({ ...stored, body: stored.body }));
    },
  );
};

export default documentRoutes;
