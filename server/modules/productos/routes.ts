import { Type } from '@fastify/type-provider-typebox';
import type { ModuleRoutes } from '../../core/context';
import { resourceSchemas } from '../../core/resource-schemas';
import { found, HttpError } from '../../core/errors';
import { errorResponses } from '../../core/schemas';
import { sendAll, sendPage } from '../../core/list';
import { TICKET_MSG } from '../../../domain/tickets';
import { Producto, ProductoDatos, ProductoEliminado, ProductoListado, ProductoQuery, PRODUCT_MSG } from './contract';
import { activeProductos, deleteProducto, findProducto, insertProducto, isNameTaken, listProductos, updateProducto } from './repo';

const tags = ['Productos'];
const schemas = resourceSchemas(tags, Producto);

/** Products a ticket can be about: the public catalogue for the ticket form, and their administration. */
const productosRoutes: ModuleRoutes = (app, { db, guards }) => {
  // guards.admin: whoever the menus give `productos` administers the catalogue of support products.

  /** The product's values with a trimmed name, or 409 when another product has that name. */
  async function checked(body: ProductoDatos, except?: number): Promise<ProductoDatos> {
    const name = body.PROD_NOMBRE.trim();
    if (await isNameTaken(db, name, except)) throw new HttpError(409, TICKET_MSG.productNameTaken(name));
    return { ...body, PROD_NOMBRE: name };
  }

  const saved = (result: Producto | 'refused' | undefined, name: string) => {
    if (result === 'refused') throw new HttpError(409, TICKET_MSG.productNameTaken(name));
    return found(result, TICKET_MSG.productNotFound404);
  };

  // The ticket screens read the catalogue too (their product filter and column): either menu entry lets it be read.
  const readers = { permiso: ['productos', 'soporte'] };

  app.get(
    '/',
    {
      config: readers,
      schema: {
        tags,
        summary:
          'Catálogo de productos. Sin all: pública, solo los activos (PROD_ID, PROD_NOMBRE). Con all=1: administradores, incluye inactivos, paginada',
        description:
          'all=1 requiere x-token de administrador y sigue ra-data-simple-rest (range, sort por PROD_ID o PROD_NOMBRE, filter q / PROD_ACTIVO / id; total en Content-Range).',
        querystring: ProductoQuery,
        response: { 200: Type.Array(ProductoListado), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { all, ...list } = request.query;
      if (all !== '1' && all !== 'true') {
        return sendAll(reply, 'productos', await activeProductos(db));
      }
      await guards.admin(request);
      return sendPage(reply, await listProductos(db, list));
    },
  );

  app.get(
    '/:id',
    {
      onRequest: guards.admin,
      config: readers,
      schema: schemas.one({ summary: 'Un producto (menú productos)' }),
    },
    async (request) => found(await findProducto(db, request.params.id), TICKET_MSG.productNotFound404),
  );

  app.post(
    '/',
    {
      onRequest: guards.admin,
      schema: schemas.create({ summary: 'Crea un producto (menú productos); el nombre es único' }, ProductoDatos),
    },
    async (request, reply) => {
      const values = await checked(request.body);
      const row = saved(await insertProducto(db, { ...values, PROD_ACTIVO: values.PROD_ACTIVO ?? true }), values.PROD_NOMBRE);
      return reply.status(201).send(row);
    },
  );

  app.put(
    '/:id',
    {
      onRequest: guards.admin,
      schema: schemas.update(
        {
          summary: 'Cambia el nombre o la disponibilidad de un producto (menú productos)',
          description: 'Un producto inactivo deja de aparecer en el formulario público; sus tickets se conservan.',
        },
        ProductoDatos,
      ),
    },
    async (request) => {
      const values = await checked(request.body, request.params.id);
      return saved(await updateProducto(db, request.params.id, values), values.PROD_NOMBRE);
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: guards.admin,
      schema: schemas.remove(
        {
          summary: 'Elimina un producto sin tickets (menú productos)',
          description: 'Un producto con tickets no se elimina (409): se desactiva con PUT, y sus tickets se conservan.',
        },
        ProductoEliminado,
      ),
    },
    async (request) => {
      const result = await deleteProducto(db, request.params.id);
      if (result === 'refused') throw new HttpError(409, PRODUCT_MSG.inUse);
      if (!result) throw new HttpError(404, TICKET_MSG.productNotFound404);
      return { PROD_ID: result.PROD_ID, msg: PRODUCT_MSG.deleted(result.PROD_NOMBRE) };
    },
  );
};

export default productosRoutes;
