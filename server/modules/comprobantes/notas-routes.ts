/**
 * The routes both notes (crédito, débito) share, given their type: the list, its totals and export, the invoice's
 * summary, one note, creating and replacing a draft (each type gives its body and its handlers), deleting a draft,
 * issuing, the downloads, the email and marking it annulled. Each type's module mounts these under its prefix.
 */
import { Type, type Static, type TSchema } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { App, AppContext } from '../../core/context';
import type { CompanyActor } from '../../core/actor';
import { sendFile } from '../../core/download';
import { EXPORT_BATCH, exportFile } from '../../core/export';
import { found, HttpError } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { Archivo, errorResponses, IdParam } from '../../core/schemas';
import type { Db, Executor } from '../../infra/db/client';
import { secretBoxFor } from '../../infra/secret-box';
import type { RolesRuta } from '../../core/role-access';
import { ExportarQuery } from '../../../domain/contratos/lista';
import { AnularFactura, CorreoFactura, ErroresFactura, TotalesQuery } from '../../../domain/contratos/facturas';
import { Nota, NotaEliminada, NOTAS_MSG, NotasTotales, ResumenFacturaNotas } from '../../../domain/contratos/notasCredito';
import { clientScopeValues } from '../clientes';
import { direcciones, entregarComprobante } from './sri/entrega';
import { anularComprobante } from './anulacion';
import { consultarDeNuevo } from './sri/consulta';
import { rideDe, xmlAutorizado } from './documentos';
import { emitirComprobante } from './emitir';
import type { TipoComprobante } from './tipo';
import {
  documentoNota,
  FILTROS_NOTAS,
  listNotas,
  lockNota,
  notaBatches,
  totalesNotas,
  type AlcanceNotas,
  type TipoNota,
} from './notas-repo';
import { resumenFactura } from './notas-factura';
import { deleteBorrador, marcarEntrega } from './filas';
import { COLUMNAS_NOTAS } from './notas-exportacion';

export type RolesNota = { leer: RolesRuta; emitir: RolesRuta; enviar: RolesRuta; anular: RolesRuta };

/** What a note's module gives the shared routes. */
export type ModuloNota<D, B extends TSchema = TSchema> = {
  codDoc: TipoNota;
  tipo: TipoComprobante;
  /** "Notas de crédito": the OpenAPI tag and the export's sheet. */
  plural: string;
  roles: RolesNota;
  /** One note whole, if the scope sees it. */
  buscar(db: Executor, alcance: AlcanceNotas, id: number): Promise<D | undefined>;
  detalle: TSchema;
  /** A draft's body, the rules its routes describe, and its create and replace. */
  borrador: {
    body: B;
    reglas: string;
    crear(db: Db, actor: CompanyActor, body: Static<B>): Promise<D>;
    editar(db: Db, actor: CompanyActor, id: number, body: Static<B>): Promise<D>;
  };
};

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

export const alcanceNotas = (request: { company?: Parameters<typeof clientScopeValues>[0] }): AlcanceNotas =>
  clientScopeValues(request.company!);

/** An issued note's signed XML and number; a draft has neither (409). */
async function emitida(db: Executor, m: ModuloNota<unknown, TSchema>, alcance: AlcanceNotas, id: number) {
  const row = found(await documentoNota(db, m.codDoc, alcance, id));
  if (row.FAC_ESTADO === 'BORRADOR' || !row.FAC_XML || !row.FAC_NUMERO)
    throw new HttpError(409, NOTAS_MSG.borradorSinDocumentos(m.tipo.nombre));
  return { ...row, FAC_XML: row.FAC_XML, FAC_NUMERO: row.FAC_NUMERO };
}

/** Deletes a draft the scope sees; an issued note is a 409. */
async function eliminar(db: Db, m: ModuloNota<unknown, TSchema>, alcance: AlcanceNotas, id: number) {
  await db.transaction(async (tx) => {
    const row = found(await lockNota(tx, m.codDoc, alcance, id));
    if (row.FAC_ESTADO !== 'BORRADOR') throw new HttpError(409, NOTAS_MSG.emitidaNoEliminable(m.tipo.nombre));
    await deleteBorrador(tx, id);
  });
  return { FAC_CODIGO: id };
}

export function rutasNotas<D, B extends TSchema>(app: App, ctx: AppContext, m: ModuloNota<D, B>) {
  const { db, files, config, guards, mailer, sri, ride } = ctx;
  const deps = { db, files, box: secretBoxFor(config) };
  const nombre = m.tipo.nombre;
  const tags = [m.plural];
  const SCOPE = `Solo las ${m.plural.toLowerCase()} de la empresa de la sesión; un vendedor, solo las de sus clientes y las del consumidor final (la de otra empresa o la de un cliente de otro vendedor responde 404).`;
  const FILTERS = `Filtros (filter, JSON): ${FILTROS_NOTAS.join(', ')} — FAC_ESTADO uno o una lista; desde y hasta fechas AAAA-MM-DD de emisión; FAC_MODIFICA la factura; q el número de la nota o de la factura, la clave de acceso, o parte de la identificación o el nombre del comprador.`;
  const Id = IdParam('id');
  const detalle = (alcance: AlcanceNotas, id: number) => m.buscar(db, alcance, id).then((d) => d!);
  const conErroresDeFactura = { ...errorResponses, 400: ErroresFactura };

  app.post(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Crea un borrador de ${nombre}`,
        description: m.borrador.reglas,
        body: m.borrador.body,
        response: { 201: m.detalle, ...conErroresDeFactura },
      },
    },
    async (request, reply) =>
      conErrores(reply, async () => reply.status(201).send(await m.borrador.crear(db, request.company!, request.body as Static<B>))),
  );

  app.put(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Reemplaza un borrador de ${nombre} (o una que el SRI devolvió)`,
        description: `${m.borrador.reglas} Una emitida responde 409.`,
        params: Id,
        body: m.borrador.body,
        response: { 200: m.detalle, ...conErroresDeFactura },
      },
    },
    async (request, reply) =>
      conErrores(reply, () => m.borrador.editar(db, request.company!, request.params.id, request.body as Static<B>)),
  );

  app.get(
    '/',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Lista paginada de ${m.plural.toLowerCase()} (ra-data-simple-rest: range, sort, filter; total en Content-Range)`,
        description: `${SCOPE} ${FILTERS} Orden (sort): FAC_CODIGO (por defecto, descendente), FAC_FECHA, FAC_TOTAL.`,
        querystring: ListQuery,
        response: { 200: Type.Array(Nota), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listNotas(db, m.codDoc, alcanceNotas(request), request.query)),
  );

  app.get(
    '/totales',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Cantidad y sumas (subtotal, IVA, total) de las ${m.plural.toLowerCase()} que cumplen el filtro de la lista`,
        description: `${SCOPE} ${FILTERS} Las anuladas se cuentan aparte y no suman.`,
        querystring: TotalesQuery,
        response: { 200: NotasTotales, ...errorResponses },
      },
    },
    async (request) => totalesNotas(db, m.codDoc, alcanceNotas(request), request.query.filter),
  );

  app.get(
    '/exportar',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Descarga toda la lista filtrada de ${m.plural.toLowerCase()} en CSV o Excel`,
        description: `formato: csv o xlsx; filter y sort como en la lista. Columnas: ${COLUMNAS_NOTAS.map((c) => c.header).join(', ')}.`,
        querystring: ExportarQuery,
        response: { 200: Archivo, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { formato, filter, sort } = request.query;
      const batches = notaBatches(db, m.codDoc, alcanceNotas(request), { filter, sort }, EXPORT_BATCH);
      const archivo = m.tipo.archivo.replace('nota-', 'notas-');
      return sendFile(reply, exportFile(formato, { nombre: archivo, hoja: m.plural, columnas: COLUMNAS_NOTAS, batches }, request.log));
    },
  );

  app.get(
    '/factura/:facturaId',
    {
      onRequest: guards.company,
      config: { permiso: ['notasCredito', 'notasDebito', 'facturas'] },
      schema: {
        tags,
        summary: 'Una factura con lo que queda por acreditar de ella y de cada línea, y sus notas de crédito y de débito',
        description: `${SCOPE} Lo que usan la página de la factura y los formularios de las notas. 404 si la factura no es de quien llama.`,
        params: IdParam('facturaId'),
        response: { 200: ResumenFacturaNotas, ...errorResponses },
      },
    },
    async (request) => resumenFactura(db, alcanceNotas(request), request.params.facturaId),
  );

  app.get(
    '/:id',
    {
      onRequest: guards.company,
      schema: { tags, summary: `Una ${nombre} completa`, description: SCOPE, params: Id, response: { 200: m.detalle, ...errorResponses } },
    },
    async (request) => found(await m.buscar(db, alcanceNotas(request), request.params.id)),
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Elimina un borrador de ${nombre}`,
        description: `${SCOPE} Una emitida responde 409.`,
        params: Id,
        response: { 200: NotaEliminada, ...errorResponses },
      },
    },
    async (request) => eliminar(db, m as ModuloNota<unknown>, alcanceNotas(request), request.params.id),
  );

  app.post(
    '/:id/emitir',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Emite un borrador de ${nombre}: número, clave de acceso, XML validado con el esquema del SRI y firmado; estado FIRMADA`,
        description: `${SCOPE} En una transacción que bloquea la factura modificada: las reglas de la nota se comprueban otra vez (dos notas a la vez nunca superan juntas lo que queda de la factura), el secuencial del punto de emisión, el esquema y la firma. 400 con los motivos; 409 si ya fue emitida.`,
        params: Id,
        response: { 200: m.detalle, ...errorResponses, 400: ErroresFactura },
      },
    },
    async (request, reply) =>
      conErrores(reply, async () => {
        const alcance = alcanceNotas(request);
        await emitirComprobante(deps, alcance, request.params.id, m.tipo);
        sri.despertar();
        return detalle(alcance, request.params.id);
      }),
  );

  app.get(
    '/:id/xml',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `El XML firmado de una ${nombre} emitida (descarga ${m.tipo.archivo}-001-001-000000123.xml)`,
        description: `${SCOPE} Un borrador responde 409.`,
        params: Id,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const nota = await emitida(db, m as ModuloNota<unknown>, alcanceNotas(request), request.params.id);
      return sendFile(reply, {
        name: `${m.tipo.archivo}-${nota.FAC_NUMERO}.xml`,
        type: 'application/xml; charset=utf-8',
        body: nota.FAC_XML,
      });
    },
  );

  app.get(
    '/:id/ride',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `El RIDE (PDF) de una ${nombre} emitida (descarga ${m.tipo.archivo}-001-001-000000123.pdf)`,
        description: `${SCOPE} Se imprime desde el XML firmado. Un borrador responde 409.`,
        params: Id,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const alcance = alcanceNotas(request);
      const nota = await emitida(db, m as ModuloNota<unknown>, alcance, request.params.id);
      const pdf = await rideDe({ db, files, ride }, alcance.empresa, nota, m.tipo);
      return sendFile(reply, { name: `${m.tipo.archivo}-${nota.FAC_NUMERO}.pdf`, type: 'application/pdf', body: pdf });
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
      const nota = await emitida(db, m as ModuloNota<unknown>, alcanceNotas(request), request.params.id);
      if (!nota.FAC_AUTORIZACION) throw new HttpError(409, NOTAS_MSG.noAutorizada(nombre));
      return sendFile(reply, {
        name: `${m.tipo.archivo}-${nota.FAC_NUMERO}-autorizado.xml`,
        type: 'application/xml; charset=utf-8',
        body: xmlAutorizado(nota),
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
        summary: `Envía (otra vez) por correo el XML autorizado y el RIDE de una ${nombre} al comprador, o a las direcciones de \`para\``,
        description: `${SCOPE} Solo una autorizada (409 si no). Sin \`para\` va a los correos que la nota lleva; si no tiene, 400.`,
        params: Id,
        body: CorreoFactura,
        response: { 200: m.detalle, ...errorResponses },
      },
    },
    async (request) => {
      const alcance = alcanceNotas(request);
      const nota = await emitida(db, m as ModuloNota<unknown>, alcance, request.params.id);
      if (nota.FAC_ESTADO !== 'AUTORIZADA') throw new HttpError(409, NOTAS_MSG.noAutorizada(nombre));
      let para: string[] | undefined;
      if (request.body.para?.trim()) {
        const { validas, invalidas } = direcciones(request.body.para);
        if (invalidas.length) throw new HttpError(400, NOTAS_MSG.correoInvalido(invalidas[0]!));
        para = validas;
      }
      // The note's own type: the registry (server/modules/tipos.ts) is not the core's to import.
      const resultado = await entregarComprobante({ db, files, mailer, ride, tipos: () => m.tipo }, request.params.id, para);
      if (resultado.estado === 'SIN_CORREO') throw new HttpError(400, NOTAS_MSG.sinCorreo);
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
        description: `${SCOPE} Guarda el motivo y la fecha; conserva su número y sigue en la lista, pero deja de contar (una nota de crédito anulada devuelve su valor al saldo de la factura). 409 si no está autorizada.`,
        params: Id,
        body: AnularFactura,
        response: { 200: m.detalle, ...errorResponses },
      },
    },
    async (request) => {
      const alcance = alcanceNotas(request);
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
        description: `${SCOPE} El SRI la recibió y, pasadas 24 horas, no informó su autorización, así que Amelia dejó de consultarle. Vuelve a RECIBIDA y se consulta una vez: si el SRI la autorizó o la rechazó, queda así; si sigue sin decir nada, vuelve a SIN_RESPUESTA. 409 si no está sin respuesta.`,
        params: Id,
        response: { 200: m.detalle, ...errorResponses },
      },
    },
    async (request) => {
      const alcance = alcanceNotas(request);
      await consultarDeNuevo(db, alcance, request.params.id, m.tipo);
      sri.despertar();
      return detalle(alcance, request.params.id);
    },
  );
}
