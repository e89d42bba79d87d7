import { Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { ModuleRoutes } from '../../core/context';
import { sendFile } from '../../core/download';
import { found, HttpError } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { errorResponses, IdParam } from '../../core/schemas';
import type { Executor } from '../../infra/db/client';
import { secretBoxFor } from '../../infra/secret-box';
import {
  AnularFactura,
  CorreoFactura,
  Eliminada,
  FacturasEstados,
  ErroresFactura,
  Factura,
  FACTURAS_MSG,
  FacturaBorrador,
  FacturaDetalle,
  FacturasTotales,
  PuntoEmisionFactura,
  TotalesQuery,
} from './contract';
import { crearBorrador, editarBorrador, eliminarBorrador } from './borradores';
import {
  estadosFacturas,
  findFactura,
  listFacturas,
  listPuntos,
  PUBLIC_FILTERS,
  TIPO_FACTURA,
  totalesFacturas,
  type AlcanceFacturas,
} from './repo';
import {
  anularComprobante,
  ComprobanteRechazado,
  consultarDeNuevo,
  direcciones,
  emitirComprobante,
  entregarComprobante,
  marcarEntrega,
  rideDe,
  xmlAutorizado,
  documentoEmitido,
  rutaEmisionDirecta,
} from '../comprobantes';
import { tipoFactura } from './tipo';
import { emisionFactura } from './emision';
import facturasLoteRoutes from './lote-routes';
import { clientScopeValues } from '../clientes';
import { ROLES_PERMITIDOS } from '../../../domain/roles';

const tags = ['Facturas'];
const SCOPE =
  'Solo las facturas de la empresa de la sesión; un vendedor, solo las de sus clientes y las del consumidor final (la de otra empresa o la de un cliente de otro vendedor responde 404).';
const FILTERS = `Filtros (filter, JSON): ${PUBLIC_FILTERS.join(', ')} — FAC_ESTADO uno o una lista; FAC_ENTREGA (correo al comprador: PENDIENTE, ENVIADA, SIN_CORREO, FALLIDA); desde y hasta fechas AAAA-MM-DD de emisión; q el número (001-001-000000123 o el secuencial), la clave de acceso, o parte de la identificación o el nombre del comprador.`;
const RULES =
  'El servidor recalcula la factura y responde 400 con los motivos en español (con el número de línea o de forma de pago) si rompe una regla o si los totales enviados (totalSinImpuestos, totalDescuento, totalIva, importeTotal) no coinciden al centavo. El comprador, el punto de emisión y los productos deben ser de la empresa (404). Plazo de crédito: si el cliente tiene días de crédito (CLI_DIAS_CREDITO mayor que 0), cada forma de pago sin FPA_PLAZO (ausente o null) recibe FPA_PLAZO = esos días y FPA_UNIDAD = "dias", y así va en el XML (pagos/pago: plazo y unidadTiempo) y en el RIDE; un plazo enviado se respeta, también 0 (de contado: vence el día de emisión). La factura vence en su fecha más el plazo más largo de sus formas de pago.';
const Id = IdParam('id');
const withErrors = { ...errorResponses, 400: ErroresFactura };

/** A refused document answers its errors one by one too, for the form to point at each field. */
async function conErrores<T>(reply: FastifyReply, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof ComprobanteRechazado) return reply.status(400).send({ msg: error.message, errores: error.errores });
    throw error;
  }
}

/** An issued invoice's signed XML and number; a draft has neither (409). */
async function emitida(db: Executor, alcance: AlcanceFacturas, id: number) {
  const row = found(await documentoEmitido(db, alcance, id, TIPO_FACTURA));
  if (row.FAC_ESTADO === 'BORRADOR' || !row.FAC_XML || !row.FAC_NUMERO) throw new HttpError(409, FACTURAS_MSG.borradorSinDocumentos);
  return { ...row, FAC_XML: row.FAC_XML, FAC_NUMERO: row.FAC_NUMERO };
}

/**
 * The company application's invoices (resource `facturas`, menu `facturas`): drafts, issuing (number, access key,
 * signed XML) and the downloads. The route list is in contract.ts. Every query is scoped by the token's company, and a
 * seller's by their clients (clientScopeValues; repo.ts AlcanceFacturas).
 */
const facturasRoutes: ModuleRoutes = async (app, ctx) => {
  const { db, files, config, guards, mailer, sri, ride, tipos } = ctx;
  // The export and the bulk actions over the selected invoices.
  await facturasLoteRoutes(app, ctx);
  // POST /emision: the whole invoice in one call (integrations).
  rutaEmisionDirecta(app, ctx, emisionFactura);
  const deps = { db, files, box: secretBoxFor(config) };

  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Lista paginada de facturas (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
        description: `${SCOPE} ${FILTERS} Orden (sort): FAC_CODIGO (por defecto, descendente), FAC_FECHA, FAC_TOTAL.`,
        querystring: ListQuery,
        response: { 200: Type.Array(Factura), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listFacturas(db, clientScopeValues(request.company!), request.query)),
  );

  app.get(
    '/totales',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Cantidad y sumas (subtotal, IVA, total) de las facturas que cumplen el filtro de la lista',
        description: `${SCOPE} ${FILTERS}`,
        querystring: TotalesQuery,
        response: { 200: FacturasTotales, ...errorResponses },
      },
    },
    async (request) => totalesFacturas(db, clientScopeValues(request.company!), request.query.filter),
  );

  app.get(
    '/estados',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Cuántas facturas hay en cada estado: pendientes del SRI, autorizadas, devueltas para corregir, correos fallidos',
        description: SCOPE,
        response: { 200: FacturasEstados, ...errorResponses },
      },
    },
    async (request) => estadosFacturas(db, clientScopeValues(request.company!)),
  );

  app.get(
    '/puntos',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Establecimientos y puntos de emisión activos de la empresa, con el número que tomará la próxima factura',
        response: { 200: Type.Array(PuntoEmisionFactura), ...errorResponses },
      },
    },
    async (request) => listPuntos(db, request.company!.empresa),
  );

  app.get(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Una factura completa',
        description: SCOPE,
        params: Id,
        response: { 200: FacturaDetalle, ...errorResponses },
      },
    },
    async (request) => found(await findFactura(db, clientScopeValues(request.company!), request.params.id)),
  );

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea un borrador de factura',
        description: RULES,
        body: FacturaBorrador,
        response: { 201: FacturaDetalle, ...withErrors },
      },
    },
    async (request, reply) =>
      conErrores(reply, async () => reply.status(201).send(await crearBorrador(db, request.company!, request.body))),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Reemplaza un borrador de factura',
        description: `${SCOPE} ${RULES} Una factura emitida responde 409.`,
        params: Id,
        body: FacturaBorrador,
        response: { 200: FacturaDetalle, ...withErrors },
      },
    },
    async (request, reply) => conErrores(reply, () => editarBorrador(db, request.company!, request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Elimina un borrador de factura',
        description: `${SCOPE} Una factura emitida responde 409.`,
        params: Id,
        response: { 200: Eliminada, ...errorResponses },
      },
    },
    async (request) => eliminarBorrador(db, clientScopeValues(request.company!), request.params.id),
  );

  app.post(
    '/:id/emitir',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Emite un borrador: número, clave de acceso, XML validado con el esquema del SRI y firmado (XAdES-BES); estado FIRMADA',
        description: `${SCOPE} En una transacción: el secuencial del punto de emisión (nunca repetido ni saltado), la validación del esquema y la firma con la firma electrónica de la empresa; consume un comprobante del plan. 400 con el motivo y qué hacer: sin firma electrónica o caducada, sin plan, plan caducado o agotado, o un campo que el esquema rechaza. 409 si ya fue emitida.`,
        params: Id,
        response: { 200: FacturaDetalle, ...withErrors },
      },
    },
    async (request, reply) =>
      conErrores(reply, async () => {
        const alcance = clientScopeValues(request.company!);
        const emision = await emitirComprobante(deps, alcance, request.params.id, tipoFactura);
        sri.despertar();
        request.log.info({ factura: request.params.id, numero: emision.FAC_NUMERO, tiempos: emision.tiempos }, 'factura emitida');
        return (await findFactura(db, alcance, request.params.id))!;
      }),
  );

  app.get(
    '/:id/xml',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'El XML firmado de una factura emitida (descarga factura-001-001-000000123.xml)',
        description: `${SCOPE} Un borrador responde 409.`,
        params: Id,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const factura = await emitida(db, clientScopeValues(request.company!), request.params.id);
      return sendFile(reply, { name: `factura-${factura.FAC_NUMERO}.xml`, type: 'application/xml; charset=utf-8', body: factura.FAC_XML });
    },
  );

  app.get(
    '/:id/ride',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'El RIDE (PDF) de una factura emitida, con el logo de la empresa (descarga factura-001-001-000000123.pdf)',
        description: `${SCOPE} Se imprime desde el XML firmado. Un borrador responde 409.`,
        params: Id,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const alcance = clientScopeValues(request.company!);
      const factura = await emitida(db, alcance, request.params.id);
      const pdf = await rideDe({ db, files, ride }, alcance.empresa, factura, tipoFactura);
      return sendFile(reply, { name: `factura-${factura.FAC_NUMERO}.pdf`, type: 'application/pdf', body: pdf });
    },
  );

  app.get(
    '/:id/autorizado',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary:
          'El XML autorizado: la <autorizacion> del SRI con el comprobante firmado (descarga factura-001-001-000000123-autorizado.xml)',
        description: `${SCOPE} Solo de una factura autorizada (o anulada después); otra responde 409.`,
        params: Id,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const factura = await emitida(db, clientScopeValues(request.company!), request.params.id);
      if (!factura.FAC_AUTORIZACION) throw new HttpError(409, FACTURAS_MSG.noAutorizada);
      return sendFile(reply, {
        name: `factura-${factura.FAC_NUMERO}-autorizado.xml`,
        type: 'application/xml; charset=utf-8',
        body: xmlAutorizado(factura),
      });
    },
  );

  app.post(
    '/:id/correo',
    {
      onRequest: guards.company,
      config: { roles: ROLES_PERMITIDOS.facturas.enviar },
      schema: {
        tags,
        summary: 'Envía (otra vez) por correo el XML autorizado y el RIDE al comprador, o a las direcciones de `para`',
        description: `${SCOPE} Solo una factura autorizada (409 si no). Sin \`para\` va a los correos que la factura lleva; si no tiene, 400. Responde la factura con el estado del envío (FAC_ENTREGA).`,
        params: Id,
        body: CorreoFactura,
        response: { 200: FacturaDetalle, ...errorResponses },
      },
    },
    async (request) => {
      const alcance = clientScopeValues(request.company!);
      const factura = await emitida(db, alcance, request.params.id);
      if (factura.FAC_ESTADO !== 'AUTORIZADA') throw new HttpError(409, FACTURAS_MSG.noAutorizada);
      let para: string[] | undefined;
      if (request.body.para?.trim()) {
        const { validas, invalidas } = direcciones(request.body.para);
        if (invalidas.length) throw new HttpError(400, FACTURAS_MSG.correoInvalido(invalidas[0]!));
        para = validas;
      }
      const resultado = await entregarComprobante({ db, files, mailer, ride, tipos }, request.params.id, para);
      if (resultado.estado === 'SIN_CORREO') throw new HttpError(400, FACTURAS_MSG.sinCorreo);
      await marcarEntrega(db, request.params.id, resultado.estado, resultado.detalle);
      return (await findFactura(db, alcance, request.params.id))!;
    },
  );

  app.post(
    '/:id/anular',
    {
      onRequest: guards.company,
      config: { roles: ROLES_PERMITIDOS.facturas.anular },
      schema: {
        tags,
        summary: 'Marca como anulada una factura autorizada que la empresa anuló en el portal del SRI',
        description: `${SCOPE} Guarda el motivo y la fecha; conserva su número y sigue en la lista, pero deja de contar en el saldo del cliente y en los totales de autorizadas. 409 si no está autorizada o si tiene cobros sin anular.`,
        params: Id,
        body: AnularFactura,
        response: { 200: FacturaDetalle, ...errorResponses },
      },
    },
    async (request) => {
      const alcance = clientScopeValues(request.company!);
      await anularComprobante(db, alcance, request.params.id, request.body.motivo, tipoFactura);
      return (await findFactura(db, alcance, request.params.id))!;
    },
  );

  app.post(
    '/:id/consultar',
    {
      onRequest: guards.company,
      config: { roles: ROLES_PERMITIDOS.facturas.enviar },
      schema: {
        tags,
        summary: 'Vuelve a consultar al SRI la autorización de una factura que quedó sin respuesta (SIN_RESPUESTA)',
        description: `${SCOPE} El SRI la recibió y, pasadas 24 horas, no informó su autorización, así que Amelia dejó de consultarle. La factura vuelve a RECIBIDA y se consulta una vez: si el SRI la autorizó o la rechazó, queda así; si sigue sin decir nada, vuelve a SIN_RESPUESTA. 409 si la factura no está sin respuesta.`,
        params: Id,
        response: { 200: FacturaDetalle, ...errorResponses },
      },
    },
    async (request) => {
      const alcance = clientScopeValues(request.company!);
      await consultarDeNuevo(db, alcance, request.params.id, tipoFactura);
      sri.despertar();
      return (await findFactura(db, alcance, request.params.id))!;
    },
  );
};

export default facturasRoutes;
