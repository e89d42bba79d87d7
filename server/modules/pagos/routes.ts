import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { sendFile, storedFile } from '../../core/download';
import { found, HttpError } from '../../core/errors';
import { sendAll } from '../../core/list';
import { Download, errorResponses, IdParam } from '../../core/schemas';
import { readUpload } from '../../core/upload';
import { PERFIL } from '../../../domain/perfiles';
import { PAYMENT_FILE } from '../../../domain/archivos';
import { hoyEcuador } from '../../../domain/fechas';
import { PAYMENT_FIELDS, PAYMENT_MSG, readPaymentFields } from '../../../domain/pagos';
import { findVisibleCompany } from '../../core/companies';
import { recordHistory } from '../../core/company-history';
import { actorOf } from '../../core/actor';
import { findActiveBank } from '../bancos';
import { DescargaParams, Pago, PAGO_MSG, PagoGuardado, PagoParams } from './contract';
import { companyPayments, deletePayment, findPayment, insertPayment } from './repo';

const tags = ['Empresas'];
const accion = 'pago';

/** A company's payments: the registration's proof and those the back office records, each with its file. */
const pagosRoutes: ModuleRoutes = (app, { db, files, guards }) => {
  app.get(
    '/pagos/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Pagos de la empresa {id}, el más reciente primero (incluye el comprobante del registro)',
        params: IdParam('id'),
        response: { 200: Type.Array(Pago), ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      return sendAll(reply, 'pagos', await companyPayments(db, company.EMP_CODIGO));
    },
  );

  app.post(
    '/pago/:id',
    {
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Registra un pago de la empresa {id} con su comprobante (multipart)',
        description:
          `Partes de texto ${PAYMENT_FIELDS.join(', ')} y DESPUÉS el archivo en el campo current (PDF, JPG o PNG de hasta ${PAYMENT_FILE.maxBytes} bytes): ` +
          'los campos se revisan antes de guardar un solo byte del archivo, así que un campo enviado después del archivo cuenta como ausente. ' +
          'monto: USD mayor que 0 con hasta 2 decimales; fecha: YYYY-MM-DD, no futura; banco: BAN_CODIGO de un banco activo (GET /empresas/bancos); referencia: 1 a 60 caracteres.',
        consumes: ['multipart/form-data'],
        params: IdParam('id'),
        response: { 201: PagoGuardado, ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      const upload = await readUpload(request, PAYMENT_FILE);
      /** Refuses the request before the file is stored: its bytes are drained, never written. */
      const refuse = (msg: string) => {
        upload.stream.resume();
        return new HttpError(400, msg);
      };
      const read = readPaymentFields(upload.fields, hoyEcuador());
      if ('problem' in read) throw refuse(upload.fields[read.field] === undefined ? PAGO_MSG.sendFieldsFirst(read.problem) : read.problem);
      const { monto, fecha, banco, referencia } = read.campos;
      const bank = await findActiveBank(db, banco);
      if (!bank) throw refuse(PAYMENT_MSG.bank);
      const pago = await files.save(upload, PAYMENT_FILE, `empresa:${company.EMP_CODIGO}`, async (tx, file) => {
        const row = await insertPayment(tx, {
          EMP_CODIGO: company.EMP_CODIGO,
          PAG_MONTO: monto,
          PAG_FECHAPAGO: fecha,
          BAN_CODIGO: bank.BAN_CODIGO,
          PAG_REFERENCIA: referencia,
          ARC_ID: file.ARC_ID,
          ADM_CODIGO: request.admin!.admin,
        });
        await recordHistory(tx, actorOf(request), {
          empresa: company.EMP_CODIGO,
          accion,
          descripcion: `Se registró un pago de USD ${monto} del ${fecha} en ${bank.BAN_NOMBRE} (referencia ${referencia}), archivo ${file.ARC_NOMBRE}`,
          despues: {
            PAG_CODIGO: row.PAG_CODIGO,
            PAG_MONTO: monto,
            PAG_FECHAPAGO: fecha,
            BAN_CODIGO: bank.BAN_CODIGO,
            BAN_NOMBRE: bank.BAN_NOMBRE,
            PAG_REFERENCIA: referencia,
            ARC_NOMBRE: file.ARC_NOMBRE,
          },
          accionAuditoria: 'pago',
        });
        return { ...row, ...file };
      });
      return reply
        .status(201)
        .send({ PAG_CODIGO: pago.PAG_CODIGO, ARC_NOMBRE: pago.ARC_NOMBRE, ARC_TAMANO: pago.ARC_TAMANO, msg: PAGO_MSG.saved });
    },
  );

  app.get(
    '/descarga/:a/:b',
    {
      // The token travels only in the x-token header: a token in the URL would end up in logs and browser history.
      onRequest: guards.admin,
      schema: {
        tags,
        summary: 'Descarga el comprobante del pago {b} de la empresa {a}, con su nombre original',
        params: DescargaParams,
        response: { 200: Download, ...errorResponses },
      },
    },
    async (request, reply) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.a);
      const pago = found(await findPayment(db, company.EMP_CODIGO, request.params.b));
      if (!pago.ARC_ID) throw new HttpError(404, PAGO_MSG.noFile);
      const stored = await files.open(pago.ARC_ID);
      if (!stored?.body) throw new HttpError(404, PAGO_MSG.fileMissing);
      return sendFile(reply, storedFile({ ...stored, body: stored.body }));
    },
  );

  app.delete(
    '/pago/:id/:pago',
    {
      onRequest: guards.requireProfile(PERFIL.administrador),
      schema: {
        tags,
        summary: 'Elimina un pago registrado por el back office y su archivo (solo administradores)',
        description: 'El comprobante del registro no se elimina (409).',
        params: PagoParams,
        response: { 200: Type.Object({ msg: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      const company = await findVisibleCompany(db, request.admin!, request.params.id);
      return files.transaction(async (tx, release) => {
        const pago = found(await findPayment(tx, company.EMP_CODIGO, request.params.pago));
        if (pago.PAG_ORIGEN === 'registro') throw new HttpError(409, PAGO_MSG.registrationProof);
        await deletePayment(tx, company.EMP_CODIGO, pago.PAG_CODIGO);
        await release(pago.ARC_ID);
        await recordHistory(tx, actorOf(request), {
          empresa: company.EMP_CODIGO,
          accion,
          descripcion: PAGO_MSG.deleted(pago.PAG_REFERENCIA),
          antes: {
            PAG_CODIGO: pago.PAG_CODIGO,
            PAG_MONTO: pago.PAG_MONTO,
            PAG_FECHAPAGO: pago.PAG_FECHAPAGO,
            PAG_REFERENCIA: pago.PAG_REFERENCIA,
          },
          accionAuditoria: 'eliminacion_pago',
        });
        return { msg: PAGO_MSG.deleted(pago.PAG_REFERENCIA) };
      });
    },
  );
};

export default pagosRoutes;
