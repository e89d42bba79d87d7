import { Type, type Static } from 'typebox';
import { ListQuery } from './lista';
import { text } from './esquemas';

/** A product a support ticket can be about. */
export const Producto = Type.Object({ PROD_ID: Type.Integer(), PROD_NOMBRE: Type.String(), PROD_ACTIVO: Type.Boolean() });
export type Producto = Static<typeof Producto>;

/** The public catalogue leaves PROD_ACTIVO out (it lists only active products); the administration list has it. */
export const ProductoListado = Type.Object({
  PROD_ID: Type.Integer(),
  PROD_NOMBRE: Type.String(),
  PROD_ACTIVO: Type.Optional(Type.Boolean()),
});
export type ProductoListado = Static<typeof ProductoListado>;

export const ProductoQuery = Type.Object({ ...ListQuery.properties, all: Type.Optional(Type.Enum(['1', 'true', '0', 'false'])) });

export const ProductoDatos = Type.Object({
  PROD_NOMBRE: text(120, { pattern: '\\S', errorMessage: 'Ingrese el nombre del producto (hasta 120 caracteres)' }),
  PROD_ACTIVO: Type.Optional(Type.Boolean()),
});
export type ProductoDatos = Static<typeof ProductoDatos>;

export const ProductoEliminado = Type.Object({ PROD_ID: Type.Integer(), msg: Type.String() });
export type ProductoEliminado = Static<typeof ProductoEliminado>;

export const PRODUCT_MSG = {
  deleted: (name: string) => `Se eliminó el producto ${name}`,
  inUse: 'El producto tiene tickets registrados; desactívelo en lugar de eliminarlo',
};
