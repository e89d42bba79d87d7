import { Type } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { found, HttpError } from '../../core/errors';
import { ListQuery, sendPage } from '../../core/list';
import { errorResponses, Msg } from '../../core/schemas';
import { ADVERTENCIA_IDENTIFICACION } from '../../core/terceros-datos';
import { MSG } from '../../../domain/messages';
import { BUSQUEDA_CLIENTES_MAX, CLIENTE_LIMITES, PAGINA_CLIENTES, veTodosLosClientes } from '../../../domain/clientes';
import {
  Cliente,
  ClienteDatos,
  ClienteParam,
  Eliminado,
  GrupoCliente,
  GrupoDatos,
  LoteBody,
  LoteResultado,
  MAX_LOTE,
  MostrarTodosQuery,
  NombreBody,
  PaginacionClientes,
  PaginacionQuery,
  TipoCliente,
  TipoIdentificacionParam,
  TipoJuridico,
  TotalClientes,
  Vendedor,
} from './contract';
import {
  countClients,
  ensureFinalConsumer,
  findClient,
  listClientTypes,
  listClients,
  listGroups,
  listLegalTypes,
  listSellers,
  clientQuery,
} from './repo';
import { bulkUpdate, createClient, createGroup, editClient, removeClient } from './service';

const tags = ['Clientes'];
const schemas = resourceSchemas(tags, Cliente);
const SCOPE =
  'Solo los clientes de la empresa de la sesión; un usuario con rol vendedor, solo los que tiene asignados (otro cliente responde 404).';
const FILTERS =
  'Filtros (filter, JSON): q (parte de la identificación, la razón social o el nombre comercial, sin distinguir mayúsculas ni tildes), TCL_CODIGO, GCL_CODIGO, CLI_VENDEDOR (códigos), CLI_ACTIVO (true/false), bandera (fantasma, especial, agenteRetencion o rimpe), id (lista). Orden (sort): CLI_CODIGO, CLI_RAZON_SOCIAL, CLI_IDENTIFICACION, CLI_CREADO (por defecto CLI_CODIGO DESC).';
const RULES = `Reglas: identificación según su tipo (RUC 13 dígitos, cédula 10, pasaporte o exterior 3 a 20 letras o números; errores 400); un dígito verificador que no cuadra responde 422 { msg, code: '${ADVERTENCIA_IDENTIFICACION}' } salvo aceptarAdvertencia: true; la identificación no se repite en la empresa (409); hasta ${CLIENTE_LIMITES.correos} correos válidos y ${CLIENTE_LIMITES.telefonos} teléfonos (números, espacios y +); el vendedor es un usuario activo de la empresa con rol vendedor o administrador (un vendedor solo se asigna a sí mismo: 403); el grupo es de la empresa; el tipo jurídico corresponde al tipo de identificación. El consumidor final no se crea por aquí (GET clientes/consumidorFinal).`;
const withWarning = { ...errorResponses, 422: Msg };

/**
 * The company application's clients book (resource `clientes` under /api): list, paged call, searches,
 * counts, the consumidor final, create, edit, delete and bulk actions, and the catalogues the form needs. Every query
 * is scoped to the session's company, and for a seller to their own clients (access.ts).
 */
const clientesRoutes: ModuleRoutes = (app, { db, guards }) => {
  /** The extra filter of mostrarTodos / tipoAsesor: honoured only for the roles that see every client. */
  const sellerFilter = (request: FastifyRequest, mostrarTodos: boolean | undefined, tipoAsesor?: number) => {
    if (!veTodosLosClientes(request.company!.rol) || mostrarTodos === true) return {};
    if (tipoAsesor !== undefined) return { CLI_VENDEDOR: tipoAsesor };
    return mostrarTodos === false ? { CLI_VENDEDOR: request.company!.usuario } : {};
  };

  app.get(
    '/clientes',
    {
      onRequest: guards.company,
      schema: schemas.list(
        {
          summary: 'Lista paginada de clientes (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
          description: `${SCOPE} ${FILTERS} Pasados 10 000 clientes el total es una estimación y la cabecera X-Total-Estimado vale 1.`,
        },
        ListQuery,
      ),
    },
    async (request, reply) => sendPage(reply, await listClients(db, clientQuery(request.company!, request.query))),
  );

  app.get(
    '/clientes/paginacion',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Página de ${PAGINA_CLIENTES} clientes, los más recientes primero`,
        description: `${SCOPE} page empieza en 1. Para los roles que ven todos los clientes: mostrarTodos=true, todos; si no, los del vendedor tipoAsesor (USU_CODIGO), o con mostrarTodos=false y sin tipoAsesor los de quien llama; sin ninguno de los dos, todos. Un vendedor siempre ve solo los suyos.`,
        querystring: PaginacionQuery,
        response: { 200: PaginacionClientes, ...errorResponses },
      },
    },
    async (request) => {
      const { page, tipoAsesor, mostrarTodos } = request.query;
      const from = (page - 1) * PAGINA_CLIENTES;
      const result = await listClients(
        db,
        clientQuery(
          request.company!,
          { range: JSON.stringify([from, from + PAGINA_CLIENTES - 1]) },
          sellerFilter(request, mostrarTodos, tipoAsesor),
        ),
      );
      return { data: result.rows, total: result.total, page, porPagina: PAGINA_CLIENTES };
    },
  );

  app.get(
    '/clientes/totalClientes',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Cantidad de clientes y de clientes activos',
        description: SCOPE,
        response: { 200: TotalClientes, ...errorResponses },
      },
    },
    async (request) => countClients(db, request.company!),
  );

  app.get(
    '/clientes/consumidorFinal',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'El consumidor final de la empresa (identificación 9999999999999), creado en su primer uso',
        description:
          'Cada empresa tiene uno solo (tipo 07, razón social CONSUMIDOR FINAL); no se modifica ni se elimina. Lo ven todos los roles, también un vendedor.',
        response: { 200: Cliente, ...errorResponses },
      },
    },
    async (request) => ensureFinalConsumer(db, request.company!.empresa),
  );

  app.get(
    '/clientes/vendedores',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Usuarios activos de la empresa que pueden tener clientes asignados (roles vendedor y administrador)',
        description: 'nombre es USU_NOMBRE o, sin él, el usuario. Para el filtro y la asignación de vendedor.',
        response: { 200: Type.Array(Vendedor), ...errorResponses },
      },
    },
    async (request) => listSellers(db, request.company!.empresa),
  );

  app.post(
    '/clientes/nombre',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Busca clientes por identificación, razón social o nombre comercial (cuerpo { nombre }; hasta ${BUSQUEDA_CLIENTES_MAX}, los más recientes primero)`,
        description: `${SCOPE} Sin distinguir mayúsculas ni tildes. mostrarTodos=false limita a los clientes de quien llama (para los roles que ven todos).`,
        querystring: MostrarTodosQuery,
        body: NombreBody,
        response: { 200: Type.Array(Cliente), ...errorResponses },
      },
    },
    async (request) => {
      const nombre = request.body.nombre.trim();
      if (!nombre) throw new HttpError(400, MSG.required('nombre'));
      const result = await listClients(
        db,
        clientQuery(
          request.company!,
          { range: JSON.stringify([0, BUSQUEDA_CLIENTES_MAX - 1]) },
          { q: nombre, ...sellerFilter(request, request.query.mostrarTodos) },
        ),
      );
      return result.rows;
    },
  );

  app.get(
    '/clientes/:id',
    {
      onRequest: guards.company,
      schema: schemas.one({ summary: 'Un cliente', description: SCOPE }),
    },
    async (request) => found(await findClient(db, request.company!, request.params.id)),
  );

  app.post(
    '/clientes',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea un cliente',
        description: `${RULES} Un vendedor que crea un cliente queda como su vendedor.`,
        body: ClienteDatos,
        response: { 201: Cliente, ...withWarning },
      },
    },
    async (request, reply) => reply.status(201).send(await createClient(db, request.company!, request.body)),
  );

  app.put(
    '/clientes/lote',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: `Acción sobre varios clientes (hasta ${MAX_LOTE}): asignarVendedor, desactivar o activar`,
        description: `Solo cambia los clientes que quien llama puede ver, nunca el consumidor final; actualizados dice cuántos. asignarVendedor requiere CLI_VENDEDOR (un código, o null para quitarlo); un vendedor solo puede asignarse a sí mismo.`,
        body: LoteBody,
        response: { 200: LoteResultado, ...errorResponses },
      },
    },
    async (request) => bulkUpdate(db, request.company!, request.body),
  );

  app.put(
    '/clientes/:CLI_CODIGO',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Modifica un cliente',
        description: `${SCOPE} Un campo que no se envía conserva su valor; null lo vacía. El consumidor final no se modifica (409). ${RULES}`,
        params: ClienteParam,
        body: ClienteDatos,
        response: { 200: Cliente, ...withWarning },
      },
    },
    async (request) => editClient(db, request.company!, request.params.CLI_CODIGO, request.body),
  );

  app.delete(
    '/clientes/:id',
    {
      onRequest: guards.company,
      schema: schemas.remove(
        {
          summary: 'Elimina un cliente sin documentos',
          description: `${SCOPE} Un cliente con documentos registrados no se elimina (409: desactívelo en su lugar); el consumidor final tampoco (409).`,
        },
        Eliminado,
      ),
    },
    async (request) => removeClient(db, request.company!, request.params.id),
  );

  app.get(
    '/tipoClientes',
    {
      onRequest: guards.company,
      schema: { tags, summary: 'Tipos de cliente', response: { 200: Type.Array(TipoCliente), ...errorResponses } },
    },
    async () => listClientTypes(db),
  );

  app.get(
    '/grupoClientes',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Grupos de clientes de la empresa, por nombre',
        response: { 200: Type.Array(GrupoCliente), ...errorResponses },
      },
    },
    async (request) => listGroups(db, request.company!.empresa),
  );

  app.post(
    '/grupoClientes',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Crea un grupo de clientes de la empresa',
        description: 'El nombre (hasta 60 caracteres) no se repite en la empresa, sin distinguir mayúsculas (409).',
        body: GrupoDatos,
        response: { 201: GrupoCliente, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createGroup(db, request.company!.empresa, request.body.GCL_NOMBRE)),
  );

  app.get(
    '/tipJuridica/:tipoIdentificacion',
    {
      onRequest: guards.company,
      schema: {
        tags,
        summary: 'Tipos jurídicos que corresponden a un tipo de identificación (04 a 08)',
        params: TipoIdentificacionParam,
        response: { 200: Type.Array(TipoJuridico), ...errorResponses },
      },
    },
    async (request) => listLegalTypes(db, request.params.tipoIdentificacion),
  );
};

export default clientesRoutes;
