/**
 * The routes both notes (crédito, débito) share, given their type: the list, its totals and export, the invoice's
 * summary, one note, creating and replacing a draft (each type gives its body and its handlers), deleting a draft,
 * issuing, the downloads, the email and marking it annulled (the last ones: emitido-routes.ts). Each type's module mounts these under its prefix.
 */
import { type Static, type TSchema } from '@fastify/type-provider-typebox';
import type { App, AppContext } from '../../core/context';
import type { CompanyActor } from '../../core/actor';
import { found, HttpError } from '../../core/errors';
import { errorResponses, IdParam } from '../../core/schemas';
import type { Db, Executor } from '../../infra/db/client';
import type { RolesRuta } from '../../core/role-access';
import { ErroresFactura } from '../../../domain/contratos/facturas';
import { Nota, NOTAS_MSG, NotasTotales, ResumenFacturaNotas } from '../../../domain/contratos/notasCredito';
import { clientScopeValues } from '../clientes';
import type { TipoComprobante } from './tipo';
import { LISTAS_NOTAS, lockNota, type AlcanceNotas, type TipoNota } from './notas-repo';
import { rutasLista } from './lista-routes';
import { resumenFactura } from './notas-factura';
import { deleteBorrador } from './filas';
import { conErrores, rutasEmitido } from './emitido-routes';
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

export const alcanceNotas = (request: { company?: Parameters<typeof clientScopeValues>[0] }): AlcanceNotas =>
  clientScopeValues(request.company!);

/** Deletes a draft the scope sees (the draft route, and one-call issuing when it is refused); an issued note is a 409. */
export async function eliminarNota(db: Db, m: Pick<ModuloNota<unknown>, 'codDoc' | 'tipo'>, alcance: AlcanceNotas, id: number) {
  await db.transaction(async (tx) => {
    const row = found(await lockNota(tx, m.codDoc, alcance, id));
    if (row.FAC_ESTADO !== 'BORRADOR') throw new HttpError(409, NOTAS_MSG.emitidaNoEliminable(m.tipo.nombre));
    await deleteBorrador(tx, id);
  });
  return { FAC_CODIGO: id };
}

export function rutasNotas<D, B extends TSchema>(app: App, ctx: AppContext, m: ModuloNota<D, B>) {
  const { db, guards } = ctx;
  const nombre = m.tipo.nombre;
  const tags = [m.plural];
  const SCOPE = `Solo las ${m.plural.toLowerCase()} de la empresa de la sesión; un vendedor, solo las de sus clientes y las del consumidor final (la de otra empresa o la de un cliente de otro vendedor responde 404).`;
  const Id = IdParam('id');
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

  rutasLista(app, ctx, {
    lista: LISTAS_NOTAS[m.codDoc],
    tags,
    plural: m.plural.toLowerCase(),
    scope: SCOPE,
    alcance: alcanceNotas,
    filtros:
      'FAC_ESTADO uno o una lista; desde y hasta fechas AAAA-MM-DD de emisión; FAC_MODIFICA la factura; q el número de la nota o de la factura, la clave de acceso, o parte de la identificación o el nombre del comprador.',
    fila: Nota,
    totales: { respuesta: NotasTotales },
    exportacion: { columnas: COLUMNAS_NOTAS, nombre: m.tipo.archivo.replace('nota-', 'notas-'), hoja: m.plural },
  });

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

  rutasEmitido(app, ctx, {
    tipo: m.tipo,
    tags,
    roles: m.roles,
    alcance: alcanceNotas,
    scope: SCOPE,
    destinatario: 'comprador',
    buscar: m.buscar,
    detalle: m.detalle,
    eliminar: (db, alcance, id) => eliminarNota(db, m, alcance, id),
    msg: {
      borradorSinDocumentos: NOTAS_MSG.borradorSinDocumentos(nombre),
      noAutorizada: NOTAS_MSG.noAutorizada(nombre),
      sinCorreo: NOTAS_MSG.sinCorreo,
    },
    descripcion: {
      emitir:
        'En una transacción que bloquea la factura modificada: las reglas de la nota se comprueban otra vez (dos notas a la vez nunca superan juntas lo que queda de la factura), el secuencial del punto de emisión, el esquema y la firma. 400 con los motivos; 409 si ya fue emitida.',
      anular:
        'Guarda el motivo y la fecha; conserva su número y sigue en la lista, pero deja de contar (una nota de crédito anulada devuelve su valor al saldo de la factura). 409 si no está autorizada.',
      consultar:
        'El SRI la recibió y, pasadas 24 horas, no informó su autorización, así que Amelia dejó de consultarle. Vuelve a RECIBIDA y se consulta una vez: si el SRI la autorizó o la rechazó, queda así; si sigue sin decir nada, vuelve a SIN_RESPUESTA. 409 si no está sin respuesta.',
    },
  });
}
