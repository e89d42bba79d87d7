import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { found, HttpError } from '../../core/errors';
import { readFilter, sendPage } from '../../core/list';
import { errorResponses } from '../../core/schemas';
import { CODIGO_RETENCION_MSG } from '../../../domain/codigosRetencion';
import { esDia } from '../../../domain/fechas';
import {
  CodigoRetencion,
  CodigoRetencionDatos,
  CodigoRetencionEliminado,
  CodigoRetencionQuery,
  CodigoRetencionVigente,
  CodigosVigentesQuery,
} from './contract';
import { codigosVigentes, findCodigo, listCodigos } from './repo';
import { createCodigo, editCodigo, removeCodigo } from './service';

const tags = ['Códigos de retención'];
const schemas = resourceSchemas(tags, CodigoRetencion);

/**
 * The back office's table of the SRI's withholding codes (menu codigosRetencion): whoever the menus give it keeps the
 * legal table as resolutions change it; every change in the audit log.
 */
export const codigosRetencionAdmin: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/codigosRetencion',
    {
      onRequest: guards.admin,
      schema: schemas.list(
        {
          summary: 'Códigos de retención del SRI, con su vigencia (menú codigosRetencion)',
          description:
            'ra-data-simple-rest; filtros RCO_IMPUESTO (1, 2, 6 o una lista), q (comienzo del código o palabras del concepto), ' +
            'vigentes (AAAA-MM-DD: las filas en vigor ese día) e id; orden RCO_IMPUESTO (impuesto, código y desde), ' +
            'RCO_CODIGO, RCO_PORCENTAJE o RCO_DESDE. enVigor dice si la fila rige hoy; usos, cuántas líneas de retención la aplicaron.',
        },
        CodigoRetencionQuery,
      ),
    },
    async (request, reply) => {
      const { vigentes } = readFilter(request.query.filter);
      if (vigentes !== undefined && (typeof vigentes !== 'string' || !esDia(vigentes.trim())))
        throw new HttpError(400, CODIGO_RETENCION_MSG.vigentesInvalido);
      return sendPage(reply, await listCodigos(db, request.query));
    },
  );

  app.get(
    '/codigosRetencion/:id',
    { onRequest: guards.admin, schema: schemas.one({ summary: 'Un código de retención (menú codigosRetencion)' }) },
    async (request) => found(await findCodigo(db, request.params.id)),
  );

  app.post(
    '/codigosRetencion',
    {
      onRequest: guards.admin,
      schema: schemas.create(
        {
          summary: 'Agrega un código de retención o su nuevo porcentaje desde una fecha (menú codigosRetencion)',
          description:
            'Porcentaje de 0 a 100 con hasta dos decimales; RCO_HASTA no anterior a RCO_DESDE. Dos filas del mismo impuesto y ' +
            'código no pueden regir el mismo día (400): cuando el SRI cambia un porcentaje, cierre la fila vigente con una ' +
            'fecha hasta y agregue la nueva desde el día siguiente.',
        },
        CodigoRetencionDatos,
      ),
    },
    async (request, reply) => reply.status(201).send(await createCodigo(db, request.admin!, request.body)),
  );

  app.put(
    '/codigosRetencion/:id',
    {
      onRequest: guards.admin,
      schema: schemas.update(
        {
          summary: 'Modifica o cierra (RCO_HASTA) un código de retención (menú codigosRetencion)',
          description: 'Las mismas reglas que al crearlo. Las retenciones ya emitidas conservan el código y el porcentaje que aplicaron.',
        },
        CodigoRetencionDatos,
      ),
    },
    async (request) => found(await editCodigo(db, request.admin!, request.params.id, request.body)),
  );

  app.delete(
    '/codigosRetencion/:id',
    {
      onRequest: guards.admin,
      schema: schemas.remove(
        {
          summary: 'Elimina un código que ninguna retención aplicó (menú codigosRetencion)',
          description: 'Un código ya aplicado no se elimina (409): se cierra con una fecha hasta.',
        },
        CodigoRetencionEliminado,
      ),
    },
    async (request) => removeCodigo(db, request.admin!, request.params.id),
  );
};

/** The companies' read: what a retención or a liquidación de compra chooses from on its date. */
export const codigosRetencionEmpresa: ModuleRoutes = (app, { db, guards }) => {
  app.get(
    '/codigosRetencion',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Los códigos de retención en vigor en una fecha (retenciones y liquidaciones de compra)',
        description: 'fecha AAAA-MM-DD (la del comprobante); impuesto 1 renta, 2 IVA o 6 ISD (todos sin él). Por impuesto y código.',
        querystring: CodigosVigentesQuery,
        response: { 200: Type.Array(CodigoRetencionVigente), ...errorResponses },
      },
    },
    async (request) => {
      const { fecha, impuesto } = request.query;
      if (!esDia(fecha)) throw new HttpError(400, CODIGO_RETENCION_MSG.fechaInvalida);
      return codigosVigentes(db, fecha, impuesto);
    },
  );
};
