import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { errorResponses } from '../../core/schemas';
import { readUpload } from '../../core/upload';
import { MSG } from '../../../domain/messages';
import { PAYMENT_FILE } from '../../../domain/archivos';
import { hashPassword } from '../../infra/passwords';
import { TOKEN_LIFETIMES } from '../../infra/tokens';
import { PagoParams, PagoRecibido, Registro, RegistroCreado } from './contract';
import { addPayment, createCompany, isRucTaken } from './repo';
import { findCompany } from '../../core/companies';

const tags = ['Registro'];

/** Self-service registration of a company with its first user, and the payment proof that follows it. */
const registroRoutes: ModuleRoutes = (app, { db, throttle, tokens, config, files, guards }) => {
  // '' (not '/'): the route is exactly POST /registro, as it always was, without a trailing-slash twin.
  app.post(
    '',
    {
      schema: {
        tags,
        summary: 'Registro de una empresa y su primer usuario',
        body: Registro,
        response: { 201: RegistroCreado, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await throttle.hit([{ key: `registro:ip:${request.ip}`, kind: 'ceiling', max: config.rateLimit.maxPerIp }]);
      if (await isRucTaken(db, body.EMP_RUC)) throw new HttpError(409, MSG.rucTaken(body.EMP_RUC));
      const hash = await hashPassword(body.clave);
      const empresa = await createCompany(
        db,
        { EMP_RUC: body.EMP_RUC, EMP_NOMBREC: body.EMP_NOMBREC.trim(), EMP_NOMBRE: body.EMP_NOMBRE.trim(), EMP_CORREO: body.email.trim() },
        { USU_USUARIO: body.usuario, USU_CLAVE: hash },
      );
      if (!empresa) throw new HttpError(409, MSG.rucTaken(body.EMP_RUC));
      const { token } = await tokens.sign({ kind: 'registro', empresa: empresa.EMP_CODIGO }, TOKEN_LIFETIMES.registro);
      return reply.status(201).send({
        EMP_CODIGO: empresa.EMP_CODIGO,
        EMP_RUC: body.EMP_RUC,
        tokenPago: token,
        msg: `La empresa ${body.EMP_NOMBREC.trim()} quedó registrada. Ya puede iniciar sesión con el usuario ${body.usuario}.`,
      });
    },
  );

  app.post(
    '/pago/:empresa/:ruc/:referencia',
    {
      onRequest: guards.registro,
      schema: {
        tags,
        summary: 'Adjunta el comprobante de pago de un registro (multipart, campo current)',
        description: `Requiere en x-token el tokenPago que devolvió registro. PDF, JPG o PNG de hasta ${PAYMENT_FILE.maxBytes} bytes.`,
        consumes: ['multipart/form-data'],
        params: PagoParams,
        response: { 201: PagoRecibido, ...errorResponses },
      },
    },
    async (request, reply) => {
      const claims = request.registro!;
      const { empresa, ruc, referencia } = request.params;
      if (claims.empresa !== empresa || (await findCompany(db, empresa))?.EMP_RUC !== ruc) throw new HttpError(403, MSG.forbidden);
      const { stored, pago } = await files.save(
        await readUpload(request, PAYMENT_FILE),
        PAYMENT_FILE,
        `empresa:${empresa}`,
        async (tx, file) => ({
          stored: file,
          pago: await addPayment(tx, { EMP_CODIGO: empresa, PAG_REFERENCIA: referencia, ARC_ID: file.ARC_ID }),
        }),
      );
      return reply.status(201).send({
        PAG_CODIGO: pago.PAG_CODIGO,
        ARC_NOMBRE: stored.ARC_NOMBRE,
        ARC_TAMANO: stored.ARC_TAMANO,
        msg: 'Comprobante de pago recibido',
      });
    },
  );
};

export default registroRoutes;
