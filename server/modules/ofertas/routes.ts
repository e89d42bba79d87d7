import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { sendFile } from '../../core/download';
import { found } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { EXPORT_BATCH, exportFile } from '../../core/export';
import { Archivo, errorResponses, IdParam, Msg } from '../../core/schemas';
import { ExportarQuery } from '../../../domain/contratos/lista';
import { ErroresFactura } from '../../../domain/contratos/facturas';
import { CorreoOferta, FacturarOferta, Oferta, OfertaBorrador, OfertaDetalle } from '../../../domain/contratos/ofertas';
import { clientScopeValues } from '../clientes';
import { conErrores } from '../comprobantes';
import { findOferta, listOfertas, ofertaBatches, PUBLIC_FILTERS } from './repo';
import { COLUMNAS_OFERTAS } from './exportacion';
import { aceptarOferta, crearOferta, editarOferta, eliminarOferta, facturarOferta, rechazarOferta } from './servicio';
import { descargaOferta, enviarOferta } from './documentos';

const tags = ['Ofertas'];
const SCOPE =
  'Solo las ofertas de la empresa de la sesión; un vendedor, solo las de sus clientes (la de otra empresa o la de un cliente de otro vendedor responde 404). Una oferta BORRADOR o ENVIADA cuya validez pasó (antes de hoy en Ecuador) responde OFE_ESTADO VENCIDA.';
const RULES =
  'El servidor recalcula las líneas como la factura (sin formas de pago ni propina) y responde 400 con los motivos en español (con el número de línea) si rompe una regla o si los totales enviados (totalSinImpuestos, totalDescuento, totalIva, importeTotal) no coinciden al centavo. El cliente debe ser de la empresa (de un vendedor, suyo; 404), estar activo y no ser el consumidor final (400); OFE_VALIDEZ el mismo día de OFE_FECHA o después.';
const Id = IdParam('id');
const withErrors = { ...errorResponses, 400: ErroresFactura };
const Eliminada = Type.Object({ OFE_CODIGO: Type.Integer(), msg: Type.String() });

/**
 * The company application's quotes (resource `ofertas`, menu `ofertas`): drafts computed as invoices, the PDF, the
 * email, the client's answer and the invoice draft an accepted one becomes. The route list is in
 * domain/contratos/ofertas.ts. Every query is scoped by the token's company, and a seller's by their clients.
 */
const ofertasRoutes: ModuleRoutes = (app, { db, files, guards, mailer }) => {
  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Lista paginada de ofertas (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
        description: `${SCOPE} Filtros (filter, JSON): ${PUBLIC_FILTERS.join(', ')} — OFE_ESTADO uno o una lista (VENCIDA incluida); desde y hasta fechas AAAA-MM-DD de la oferta; q el número de la oferta o parte de la identificación o el nombre del cliente. Orden (sort): OFE_CODIGO (por defecto, descendente), OFE_NUMERO, OFE_FECHA, OFE_VALIDEZ, OFE_TOTAL.`,
        querystring: ListQuery,
        response: { 200: Type.Array(Oferta), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listOfertas(db, clientScopeValues(request.company!), request.query)),
  );

  app.get(
    '/exportar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Descarga toda la lista filtrada de ofertas (no solo una página) en CSV o Excel',
        description: `${SCOPE} formato: csv (UTF-8 con BOM, separado por comas) o xlsx. filter y sort como en GET /api/ofertas (filtros: ${PUBLIC_FILTERS.join(', ')}). Columnas: ${COLUMNAS_OFERTAS.map((c) => c.header).join(', ')}.`,
        querystring: ExportarQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, filter, sort } = request.query;
      const batches = ofertaBatches(db, clientScopeValues(request.company!), { filter, sort }, EXPORT_BATCH);
      return sendFile(reply, exportFile(formato, { nombre: 'ofertas', hoja: 'Ofertas', columnas: COLUMNAS_OFERTAS, batches }, request.log));
    },
  );

  app.get(
    '/:id',
    {
      onRequest: guards.company,
      schema: { tags, summary: 'Una oferta completa', description: SCOPE, params: Id, response: { 200: OfertaDetalle, ...errorResponses } },
    },
    async (request) => found(await findOferta(db, clientScopeValues(request.company!), request.params.id)),
  );

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea una oferta en BORRADOR con el número siguiente de la empresa',
        description: RULES,
        body: OfertaBorrador,
        response: { 201: OfertaDetalle, ...withErrors },
      },
    },
    async (request, reply) => conErrores(reply, async () => reply.status(201).send(await crearOferta(db, request.company!, request.body))),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Reemplaza una oferta en borrador o enviada (una enviada sigue enviada)',
        description: `${SCOPE} ${RULES} Una aceptada, rechazada o facturada responde 409.`,
        params: Id,
        body: OfertaBorrador,
        response: { 200: OfertaDetalle, ...withErrors },
      },
    },
    async (request, reply) => conErrores(reply, () => editarOferta(db, request.company!, request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Elimina una oferta que no se ha facturado',
        description: `${SCOPE} Una oferta facturada responde 409.`,
        params: Id,
        response: { 200: Eliminada, ...errorResponses },
      },
    },
    async (request) => eliminarOferta(db, clientScopeValues(request.company!), request.params.id),
  );

  app.get(
    '/:id/pdf',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'La oferta en PDF, con el logo de la empresa (descarga oferta-000123.pdf)',
        description: `${SCOPE} No es un documento tributario: lo dice al pie.`,
        params: Id,
        response: errorResponses,
      },
    },
    async (request, reply) => sendFile(reply, await descargaOferta({ db, files }, clientScopeValues(request.company!), request.params.id)),
  );

  app.post(
    '/:id/correo',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Envía la oferta en PDF por correo al cliente, o a las direcciones de `para`; queda ENVIADA',
        description: `${SCOPE} Sin \`para\` va a los correos del cliente; si no tiene, 400. Una vencida o rechazada responde 409; si el servidor de correo falla, 502.`,
        params: Id,
        body: CorreoOferta,
        response: { 200: OfertaDetalle, ...errorResponses, 502: Msg },
      },
    },
    async (request) =>
      enviarOferta({ db, files, mailer, log: request.log }, clientScopeValues(request.company!), request.params.id, request.body.para),
  );

  app.post(
    '/:id/aceptar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'El cliente aceptó la oferta: queda ACEPTADA',
        description: `${SCOPE} 409 si está vencida, rechazada o ya facturada.`,
        params: Id,
        response: { 200: OfertaDetalle, ...errorResponses },
      },
    },
    async (request) => aceptarOferta(db, clientScopeValues(request.company!), request.params.id),
  );

  app.post(
    '/:id/rechazar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'El cliente rechazó la oferta: queda RECHAZADA',
        description: `${SCOPE} 409 si ya se facturó.`,
        params: Id,
        response: { 200: OfertaDetalle, ...errorResponses },
      },
    },
    async (request) => rechazarOferta(db, clientScopeValues(request.company!), request.params.id),
  );

  app.post(
    '/:id/facturar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Convierte una oferta aceptada en un borrador de factura con su cliente y sus líneas, con fecha de hoy',
        description: `${SCOPE} Una forma de pago por el total (20, otros con utilización del sistema financiero) con los días de crédito del cliente; la factura sigue las reglas de todo borrador (400 con sus motivos; el punto de emisión debe ser de la empresa, 404). La oferta guarda FAC_CODIGO. 409 si no está aceptada o ya se facturó.`,
        params: Id,
        body: FacturarOferta,
        response: { 201: OfertaDetalle, ...withErrors },
      },
    },
    async (request, reply) =>
      conErrores(reply, async () => reply.status(201).send(await facturarOferta(db, request.company!, request.params.id, request.body))),
  );
};

export default ofertasRoutes;
