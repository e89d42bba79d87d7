/**
 * The routes every issued document type shares once it has a draft (notes, liquidaciones de compra, retenciones):
 * deleting the draft, issuing it, the downloads, the email, marking it annulled and asking the SRI again. Each type's
 * module mounts these under its prefix with its repo, its messages and the descriptions that differ.
 */
import type { TSchema } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { App, AppContext } from '../../core/context';
import type { CompanyActor } from '../../core/actor';
import { sendFile } from '../../core/download';
import { found, HttpError } from '../../core/errors';
import { errorResponses, IdParam } from '../../core/schemas';
import type { Db, Executor } from '../../infra/db/client';
import { secretBoxFor } from '../../infra/secret-box';
import type { RolesRuta } from '../../core/role-access';
import { AnularFactura, CorreoFactura, Eliminada, ErroresFactura, FACTURAS_MSG } from '../../../domain/contratos/facturas';
import { direcciones, entregarComprobante } from './sri/entrega';
import { anularComprobante } from './anulacion';
import { consultarDeNuevo } from './sri/consulta';
import { rideDe, xmlAutorizado } from './documentos';
import { emitirComprobante } from './emitir';
import { documentoEmitido, marcarEntrega, type AlcanceDocumentos } from './filas';
import type { TipoComprobante } from './tipo';

/** A document the rules or the schema refuse answers its reasons one by one too (errores), for the form. */
export async function conErrores<T>(reply: FastifyReply, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (error) {
    const errores = (error as { errores?: unknown }).errores;
    if (error instanceof HttpError && error.statusCode === 400 && Array.isArray(errores))
      return reply.status(400).send({ msg: error.message, errores });
    throw error;
  }
}

/** What a type gives the shared routes of its issued documents. */
export type ModuloEmitido<D> = {
  tipo: TipoComprobante;
  tags: string[];
  roles: { enviar: RolesRuta; anular: RolesRuta };
  /** Whose documents a session sees, and how the routes describe it. */
  alcance(request: { company?: CompanyActor }): AlcanceDocumentos;
  scope: string;
  /** Who receives the email: "comprador" or "proveedor". */
  destinatario: string;
  /** One document whole, if the scope sees it. */
  buscar(db: Executor, alcance: AlcanceDocumentos, id: number): Promise<D | undefined>;
  detalle: TSchema;
  /** Deletes a draft the scope sees (409 if issued). */
  eliminar(db: Db, alcance: AlcanceDocumentos, id: number): Promise<{ FAC_CODIGO: number }>;
  msg: { borradorSinDocumentos: string; noAutorizada: string; sinCorreo: string };
  descripcion: { emitir: string; anular: string; consultar: string };
  /** Refuses an annulment the type forbids (409) before the core's rules. */
  antesDeAnular?(db: Executor, alcance: AlcanceDocumentos, id: number): Promise<void>;
};

export function rutasEmitido<D>(app: App, ctx: AppContext, m: ModuloEmitido<D>) {
  const { db, files, config, guards, mailer, sri, ride } = ctx;
  const deps = { db, files, box: secretBoxFor(config) };
  const { nombre, archivo, codDoc } = m.tipo;
  const { tags, scope: SCOPE } = m;
  const Id = IdParam('id');
  const detalle = (alcance: AlcanceDocumentos, id: number) => m.buscar(db, alcance, id).then((d) => d!);

  /** An issued document's signed XML and number; a draft has neither (409). */
  async function emitida(alcance: AlcanceDocumentos, id: number) {
    const row = found(await documentoEmitido(db, alcance, id, codDoc));
    if (row.FAC_ESTADO === 'BORRADOR' || !row.FAC_XML || !row.FAC_NUMERO) throw new HttpError(409, m.msg.borradorSinDocumentos);
    return { ...row, FAC_XML: row.FAC_XML, FAC_NUMERO: row.FAC_NUMERO };
  }

  app.delete(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Elimina un borrador de ${nombre}`,
        description: `${SCOPE} Una emitida responde 409.`,
        params: Id,
        response: { 200: Eliminada, ...errorResponses },
      },
    },
    async (request) => m.eliminar(db, m.alcance(request), request.params.id),
  );

  app.post(
    '/:id/emitir',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Emite un borrador de ${nombre}: número, clave de acceso, XML validado con el esquema del SRI y firmado; estado FIRMADA`,
        description: `${SCOPE} ${m.descripcion.emitir}`,
        params: Id,
        response: { 200: m.detalle, ...errorResponses, 400: ErroresFactura },
      },
    },
    async (request, reply) =>
      conErrores(reply, async () => {
        const alcance = m.alcance(request);
        const emision = await emitirComprobante(deps, alcance, request.params.id, m.tipo);
        sri.despertar();
        request.log.info({ comprobante: request.params.id, numero: emision.FAC_NUMERO }, `${nombre} emitida`);
        return detalle(alcance, request.params.id);
      }),
  );

  app.get(
    '/:id/xml',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `El XML firmado de una ${nombre} emitida (descarga ${archivo}-001-001-000000123.xml)`,
        description: `${SCOPE} Un borrador responde 409.`,
        params: Id,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const doc = await emitida(m.alcance(request), request.params.id);
      return sendFile(reply, { name: `${archivo}-${doc.FAC_NUMERO}.xml`, type: 'application/xml; charset=utf-8', body: doc.FAC_XML });
    },
  );

  app.get(
    '/:id/ride',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `El RIDE (PDF) de una ${nombre} emitida (descarga ${archivo}-001-001-000000123.pdf)`,
        description: `${SCOPE} Se imprime desde el XML firmado. Un borrador responde 409.`,
        params: Id,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const alcance = m.alcance(request);
      const doc = await emitida(alcance, request.params.id);
      const pdf = await rideDe({ db, files, ride }, alcance.empresa, doc, m.tipo);
      return sendFile(reply, { name: `${archivo}-${doc.FAC_NUMERO}.pdf`, type: 'application/pdf', body: pdf });
    },
  );

  app.get(
    '/:id/autorizado',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `El XML autorizado de una ${nombre}: la <autorizacion> del SRI con el comprobante firmado`,
        description: `${SCOPE} Solo de una autorizada (o anulada después); otra responde 409.`,
        params: Id,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const doc = await emitida(m.alcance(request), request.params.id);
      if (!doc.FAC_AUTORIZACION) throw new HttpError(409, m.msg.noAutorizada);
      return sendFile(reply, {
        name: `${archivo}-${doc.FAC_NUMERO}-autorizado.xml`,
        type: 'application/xml; charset=utf-8',
        body: xmlAutorizado(doc),
      });
    },
  );

  app.post(
    '/:id/correo',
    {
      onRequest: guards.company,
      config: { roles: m.roles.enviar },
      schema: {
        tags,
        summary: `Envía (otra vez) por correo el XML autorizado y el RIDE de una ${nombre} al ${m.destinatario}, o a las direcciones de \`para\``,
        description: `${SCOPE} Solo una autorizada (409 si no). Sin \`para\` va a los correos del ${m.destinatario} que la ${nombre} lleva; si no tiene, 400.`,
        params: Id,
        body: CorreoFactura,
        response: { 200: m.detalle, ...errorResponses },
      },
    },
    async (request) => {
      const alcance = m.alcance(request);
      const doc = await emitida(alcance, request.params.id);
      if (doc.FAC_ESTADO !== 'AUTORIZADA') throw new HttpError(409, m.msg.noAutorizada);
      let para: string[] | undefined;
      if (request.body.para?.trim()) {
        const { validas, invalidas } = direcciones(request.body.para);
        if (invalidas.length) throw new HttpError(400, FACTURAS_MSG.correoInvalido(invalidas[0]!));
        para = validas;
      }
      // The type's own: the registry (server/modules/tipos.ts) is not the core's to import.
      const resultado = await entregarComprobante({ db, files, mailer, ride, tipos: () => m.tipo }, request.params.id, para);
      if (resultado.estado === 'SIN_CORREO') throw new HttpError(400, m.msg.sinCorreo);
      await marcarEntrega(db, request.params.id, resultado.estado, resultado.detalle);
      return detalle(alcance, request.params.id);
    },
  );

  app.post(
    '/:id/anular',
    {
      onRequest: guards.company,
      config: { roles: m.roles.anular },
      schema: {
        tags,
        summary: `Marca como anulada una ${nombre} autorizada que la empresa anuló en el portal del SRI`,
        description: `${SCOPE} ${m.descripcion.anular}`,
        params: Id,
        body: AnularFactura,
        response: { 200: m.detalle, ...errorResponses },
      },
    },
    async (request) => {
      const alcance = m.alcance(request);
      await m.antesDeAnular?.(db, alcance, request.params.id);
      await anularComprobante(db, alcance, request.params.id, request.body.motivo, m.tipo);
      return detalle(alcance, request.params.id);
    },
  );

  app.post(
    '/:id/consultar',
    {
      onRequest: guards.company,
      config: { roles: m.roles.enviar },
      schema: {
        tags,
        summary: `Vuelve a consultar al SRI la autorización de una ${nombre} que quedó sin respuesta (SIN_RESPUESTA)`,
        description: `${SCOPE} ${m.descripcion.consultar}`,
        params: Id,
        response: { 200: m.detalle, ...errorResponses },
      },
    },
    async (request) => {
      const alcance = m.alcance(request);
      await consultarDeNuevo(db, alcance, request.params.id, m.tipo);
      sri.despertar();
      return detalle(alcance, request.params.id);
    },
  );
}
