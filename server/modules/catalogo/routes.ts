import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { ListQuery, sendPage } from '../../core/list';
import { errorResponses, IdParam } from '../../core/schemas';
import { CATALOGO_LIMITES } from '../../../src/domain/catalogo';
import { Eliminado, Producto, ProductoDatos } from './contract';
import { listProducts, PUBLIC_FILTERS } from './repo';
import { createProduct, editProduct, removeProduct, visibleProduct } from './service';

const tags = ['Productos y servicios'];
const SCOPE =
  'Solo los productos y servicios de la empresa de la sesión (el de otra empresa responde 404); son de toda la empresa: un vendedor los ve todos.';
const RULES =
  `Reglas (400 con el motivo en español): código principal de 1 a ${CATALOGO_LIMITES.principal} caracteres, único en la empresa ` +
  `sin distinguir mayúsculas (409); código auxiliar hasta ${CATALOGO_LIMITES.auxiliar}; descripción de 1 a ${CATALOGO_LIMITES.descripcion}; ` +
  `precio desde 0 con hasta ${CATALOGO_LIMITES.decimalesPrecio} decimales; tarifa de IVA vigente; ICE opcional (código de 1 a 4 dígitos ` +
  `y tarifa de 0 a ${CATALOGO_LIMITES.tarifaIceMaxima} con hasta 2 decimales, los dos o ninguno); tipo B o S.`;
const Id = IdParam('id');

/**
 * The company application's catalogue of products and services (resource `catalogo`, menu `catalogo`): what the
 * invoice form offers for its lines. Every query is scoped by the token's company, and only by it: unlike the clients,
 * products are not assigned to sellers (every seller sells the whole catalogue).
 */
const catalogoRoutes: ModuleRoutes = (app, { db, guards }) => {
  const company = guards.company;

  app.get(
    '/',
    {
      onRequest: company,
      schema: {
        tags,
        summary: 'Lista paginada de productos y servicios (ra-data-simple-rest: range, sort, filter; total en Content-Range)',
        description:
          `${SCOPE} Filtros (filter, JSON): ${PUBLIC_FILTERS.join(', ')} — q busca parte del código principal o auxiliar o de la ` +
          'descripción, sin distinguir mayúsculas ni tildes; CAT_ACTIVO true/false; CAT_IVA y CAT_TIPO un código o una lista. ' +
          'Orden (sort): CAT_DESCRIPCION (por defecto, ascendente), CAT_PRINCIPAL, CAT_CODIGO.',
        querystring: ListQuery,
        response: { 200: Type.Array(Producto), ...errorResponses },
      },
    },
    async (request, reply) => sendPage(reply, await listProducts(db, request.company!.empresa, request.query)),
  );

  app.get(
    '/:id',
    {
      onRequest: company,
      schema: { tags, summary: 'Un producto o servicio', description: SCOPE, params: Id, response: { 200: Producto, ...errorResponses } },
    },
    async (request) => visibleProduct(db, request.company!.empresa, request.params.id),
  );

  app.post(
    '/',
    {
      onRequest: company,
      schema: {
        tags,
        summary: 'Crea un producto o servicio',
        description: RULES,
        body: ProductoDatos,
        response: { 201: Producto, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createProduct(db, request.company!.empresa, request.body)),
  );

  app.put(
    '/:id',
    {
      onRequest: company,
      schema: {
        tags,
        summary: 'Modifica un producto o servicio',
        description: `${SCOPE} Un campo opcional que no se envía conserva su valor; null lo vacía. Un producto con una tarifa de IVA que ya no se ofrece (12 %) puede conservarla. ${RULES}`,
        params: Id,
        body: ProductoDatos,
        response: { 200: Producto, ...errorResponses },
      },
    },
    async (request) => editProduct(db, request.company!.empresa, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      onRequest: company,
      schema: {
        tags,
        summary: 'Elimina un producto o servicio que ninguna factura usa',
        description: `${SCOPE} Uno que figura en una línea de factura no se elimina (409: desactívelo en su lugar).`,
        params: Id,
        response: { 200: Eliminado, ...errorResponses },
      },
    },
    async (request) => removeProduct(db, request.company!.empresa, request.params.id),
  );
};

export default catalogoRoutes;
