import { Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import type { ModuleRoutes } from '../../core/context';
import { HttpError } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { errorResponses, IdParam } from '../../core/schemas';
import type { Executor } from '../../infra/db/client';
import { empresas } from '../../infra/db/schema';
import type { FileStore } from '../../infra/files';
import { secretBoxFor } from '../../infra/secret-box';
import { MSG } from '../../../src/domain/messages';
import {
  Eliminada,
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
import { emitirFactura, FacturaRechazada } from './emitir';
import { documentoFactura, findFactura, listFacturas, listPuntos, PUBLIC_FILTERS, totalesFacturas, type AlcanceFacturas } from './repo';
import { clientScopeValues } from '../clientes/access';
import { leerComprobanteXml } from './comprobante-xml';
import { rideFactura } from './ride';

const tags = ['Facturas'];
const SCOPE =
  'Solo las facturas de la empresa de la sesión; un vendedor, solo las de sus clientes y las del consumidor final (la de otra empresa o la de un cliente de otro vendedor responde 404).';
const FILTERS = `Filtros (filter, JSON): ${PUBLIC_FILTERS.join(', ')} — FAC_ESTADO uno o una lista; desde y hasta fechas AAAA-MM-DD de emisión; q el número (001-001-000000123 o el secuencial), la clave de acceso, o parte de la identificación o el nombre del comprador.`;
const RULES =
  'El servidor recalcula la factura y responde 400 con los motivos en español (con el número de línea o de forma de pago) si rompe una regla o si los totales enviados (totalSinImpuestos, totalDescuento, totalIva, importeTotal) no coinciden al centavo. El comprador, el punto de emisión y los productos deben ser de la empresa (404).';
const Id = IdParam('id');
const withErrors = { ...errorResponses, 400: ErroresFactura };

/** A refused document answers its errors one by one too, for the form to point at each field. */
async function conErrores<T>(reply: FastifyReply, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof FacturaRechazada) return reply.status(400).send({ msg: error.message, errores: error.errores });
    throw error;
  }
}

async function leerArchivo(files: FileStore, id: string | null): Promise<Buffer | undefined> {
  const stored = id ? await files.open(id) : undefined;
  if (!stored?.body) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function logoEmpresa(db: Executor, files: FileStore, empresa: number) {
  const [row] = await db.select({ EMP_LOGO: empresas.EMP_LOGO }).from(empresas).where(eq(empresas.EMP_CODIGO, empresa));
  return leerArchivo(files, row?.EMP_LOGO ?? null);
}

/** An issued invoice's signed XML and number; a draft has neither (409). */
async function emitida(db: Executor, alcance: AlcanceFacturas, id: number) {
  const row = await documentoFactura(db, alcance, id);
  if (!row) throw new HttpError(404, MSG.notFound);
  if (row.FAC_ESTADO === 'BORRADOR' || !row.FAC_XML || !row.FAC_NUMERO) throw new HttpError(409, FACTURAS_MSG.borradorSinDocumentos);
  return { ...row, FAC_XML: row.FAC_XML, FAC_NUMERO: row.FAC_NUMERO };
}

const descarga = (reply: FastifyReply, tipo: string, nombre: string, cuerpo: Buffer | string) =>
  reply
    .header('Content-Type', tipo)
    .header('Content-Disposition', `attachment; filename="${nombre}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(cuerpo);

/**
 * The company application's invoices (resource `facturas`, menu `facturas`): drafts, issuing (number, access key,
 * signed XML) and the downloads. The route list is in contract.ts. Every query is scoped by the token's company, and a
 * seller's by their clients (clientScopeValues; repo.ts AlcanceFacturas).
 */
const facturasRoutes: ModuleRoutes = (app, { db, files, config, guards }) => {
  const company = guards.company;
  const deps = { db, files, box: secretBoxFor(config) };

  app.get(
    '/',
    {
      onRequest: company,
      schema: {
        tags,
        summary: 'Lista paginada de facturas (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
        description: `${SCOPE} ${FILTERS} Orden (sort): FAC_CODIGO (por defecto, descendente), FAC_FECHA, FAC_TOTAL.`,
        querystring: ListQuery,
        response: { 200: Type.Array(Factura), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listFacturas(db, clientScopeValues(request), request.query)),
  );

  app.get(
    '/totales',
    {
      onRequest: company,
      schema: {
        tags,
        summary: 'Cantidad y sumas (subtotal, IVA, total) de las facturas que cumplen el filtro de la lista',
        description: `${SCOPE} ${FILTERS}`,
        querystring: TotalesQuery,
        response: { 200: FacturasTotales, ...errorResponses },
      },
    },
    async (request) => totalesFacturas(db, clientScopeValues(request), request.query.filter),
  );

  app.get(
    '/puntos',
    {
      onRequest: company,
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
      onRequest: company,
      schema: {
        tags,
        summary: 'Una factura completa',
        description: SCOPE,
        params: Id,
        response: { 200: FacturaDetalle, ...errorResponses },
      },
    },
    async (request) => {
      const factura = await findFactura(db, clientScopeValues(request), request.params.id);
      if (!factura) throw new HttpError(404, MSG.notFound);
      return factura;
    },
  );

  app.post(
    '/',
    {
      onRequest: company,
      schema: {
        tags,
        summary: 'Crea un borrador de factura',
        description: RULES,
        body: FacturaBorrador,
        response: { 201: FacturaDetalle, ...withErrors },
      },
    },
    async (request, reply) => conErrores(reply, async () => reply.status(201).send(await crearBorrador(db, request, request.body))),
  );

  app.put(
    '/:id',
    {
      onRequest: company,
      schema: {
        tags,
        summary: 'Reemplaza un borrador de factura',
        description: `${SCOPE} ${RULES} Una factura emitida responde 409.`,
        params: Id,
        body: FacturaBorrador,
        response: { 200: FacturaDetalle, ...withErrors },
      },
    },
    async (request, reply) => conErrores(reply, () => editarBorrador(db, request, request.params.id, request.body)),
  );

  app.delete(
    '/:id',
    {
      onRequest: company,
      schema: {
        tags,
        summary: 'Elimina un borrador de factura',
        description: `${SCOPE} Una factura emitida responde 409.`,
        params: Id,
        response: { 200: Eliminada, ...errorResponses },
      },
    },
    async (request) => eliminarBorrador(db, clientScopeValues(request), request.params.id),
  );

  app.post(
    '/:id/emitir',
    {
      onRequest: company,
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
        const alcance = clientScopeValues(request);
        const emision = await emitirFactura(deps, alcance, request.params.id);
        request.log.info({ factura: request.params.id, numero: emision.FAC_NUMERO, tiempos: emision.tiempos }, 'factura emitida');
        return (await findFactura(db, alcance, request.params.id))!;
      }),
  );

  app.get(
    '/:id/xml',
    {
      onRequest: company,
      schema: {
        tags,
        summary: 'El XML firmado de una factura emitida (descarga factura-001-001-000000123.xml)',
        description: `${SCOPE} Un borrador responde 409.`,
        params: Id,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const factura = await emitida(db, clientScopeValues(request), request.params.id);
      return descarga(reply, 'application/xml; charset=utf-8', `factura-${factura.FAC_NUMERO}.xml`, factura.FAC_XML);
    },
  );

  app.get(
    '/:id/ride',
    {
      onRequest: company,
      schema: {
        tags,
        summary: 'El RIDE (PDF) de una factura emitida, con el logo de la empresa (descarga factura-001-001-000000123.pdf)',
        description: `${SCOPE} Se imprime desde el XML firmado. Un borrador responde 409.`,
        params: Id,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const alcance = clientScopeValues(request);
      const factura = await emitida(db, alcance, request.params.id);
      const [comprobante, logo] = await Promise.all([leerComprobanteXml(factura.FAC_XML), logoEmpresa(db, files, alcance.empresa)]);
      const autorizacion =
        factura.FAC_AUTORIZACION && factura.FAC_FECHA_AUTORIZACION
          ? { numero: factura.FAC_AUTORIZACION, fecha: new Date(factura.FAC_FECHA_AUTORIZACION) }
          : undefined;
      const pdf = await rideFactura(comprobante, { logo, autorizacion });
      return descarga(reply, 'application/pdf', `factura-${factura.FAC_NUMERO}.pdf`, pdf);
    },
  );
};

export default facturasRoutes;
