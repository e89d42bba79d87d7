import { Type, type Static } from 'typebox';
import { Nullable } from './esquemas';
import { CATALOGO_LIMITES, CATALOGO_MSG, TIPOS_PRODUCTO, type TipoProducto } from '../catalogo';
import { TARIFAS_IVA, TARIFAS_IVA_PRODUCTO } from '../facturas/catalogos';

const IVA_TEXTO = TARIFAS_IVA.map((t) => `${t.codigo} ${t.nombre}`).join(', ');
const TIPOS_TEXTO = TIPOS_PRODUCTO.map((t) => `${t.id} ${t.name}`).join(', ');

/** A product or service as every call answers it (the list's rows, GET, create and edit). */
export const Producto = Type.Object({
  CAT_CODIGO: Type.Integer(),
  CAT_PRINCIPAL: Type.String({ description: 'Código principal, único en la empresa sin distinguir mayúsculas' }),
  CAT_AUXILIAR: Nullable(Type.String()),
  CAT_DESCRIPCION: Type.String(),
  CAT_TIPO: Type.String({ description: TIPOS_TEXTO }),
  CAT_PRECIO: Type.String({ description: 'Precio unitario sin impuestos, texto con 6 decimales, p. ej. "12.500000"' }),
  CAT_IVA: Type.String({ description: `codigoPorcentaje del IVA: ${IVA_TEXTO}` }),
  CAT_ICE_CODIGO: Nullable(Type.String({ description: 'codigoPorcentaje del ICE (1 a 4 dígitos)' })),
  CAT_ICE_TARIFA: Nullable(Type.String({ description: 'Tarifa del ICE en porcentaje, texto con 2 decimales' })),
  CAT_ACTIVO: Type.Boolean(),
  CAT_CREADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
  CAT_ACTUALIZADO: Type.String({ description: 'Fecha y hora ISO 8601' }),
});
export type Producto = Static<typeof Producto>;

const decimal = (errorMessage: string, description: string) =>
  Type.Union([Type.Number({ errorMessage }), Type.String({ maxLength: 40, errorMessage })], { errorMessage, description });

/**
 * Creating or editing a product. The limits are checked by the service (domain/catalogo.ts), with one Spanish
 * message per field; here only the types. On PUT an optional field left out keeps its value; null empties it.
 */
export const ProductoDatos = Type.Object({
  CAT_PRINCIPAL: Type.String({ maxLength: 100, errorMessage: CATALOGO_MSG.principal }),
  CAT_AUXILIAR: Type.Optional(Nullable(Type.String({ maxLength: 100, errorMessage: CATALOGO_MSG.auxiliar }))),
  CAT_DESCRIPCION: Type.String({ maxLength: 1000, errorMessage: CATALOGO_MSG.descripcion }),
  CAT_TIPO: Type.Optional(
    Type.Unsafe<TipoProducto>(
      Type.String({
        enum: TIPOS_PRODUCTO.map((t) => t.id),
        description: `${TIPOS_TEXTO} (por defecto B)`,
        errorMessage: CATALOGO_MSG.tipo,
      }),
    ),
  ),
  CAT_PRECIO: decimal(
    CATALOGO_MSG.precio,
    `Precio unitario sin impuestos: número o texto desde 0 con hasta ${CATALOGO_LIMITES.decimalesPrecio} decimales`,
  ),
  CAT_IVA: Type.String({
    maxLength: 2,
    description: `Tarifa de IVA vigente: ${TARIFAS_IVA_PRODUCTO.map((t) => `${t.id} ${t.name}`).join(', ')}`,
    errorMessage: CATALOGO_MSG.iva,
  }),
  CAT_ICE_CODIGO: Type.Optional(Nullable(Type.String({ maxLength: 10, errorMessage: CATALOGO_MSG.iceCodigo }))),
  CAT_ICE_TARIFA: Type.Optional(Nullable(decimal(CATALOGO_MSG.iceTarifa, 'Tarifa del ICE en porcentaje, con hasta 2 decimales'))),
  CAT_ACTIVO: Type.Optional(Type.Boolean({ errorMessage: 'El campo CAT_ACTIVO debe ser true o false' })),
});
export type ProductoDatos = Static<typeof ProductoDatos>;

export const Eliminado = Type.Object({ msg: Type.String() });

/** The most products one bulk action changes. */
export const MAX_LOTE_CATALOGO = 500;
export const ACCIONES_LOTE_CATALOGO = ['activar', 'desactivar'] as const;
export type AccionLoteCatalogo = (typeof ACCIONES_LOTE_CATALOGO)[number];

/** PUT /api/catalogo/lote: activate or deactivate the selected products (CAT_CODIGO). */
export const LoteCatalogo = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
    minItems: 1,
    maxItems: MAX_LOTE_CATALOGO,
    errorMessage: `Seleccione de 1 a ${MAX_LOTE_CATALOGO} productos`,
  }),
  accion: Type.Unsafe<AccionLoteCatalogo>(
    Type.String({ enum: [...ACCIONES_LOTE_CATALOGO], errorMessage: 'La acción debe ser activar o desactivar' }),
  ),
});
export type LoteCatalogo = Static<typeof LoteCatalogo>;

export const LoteCatalogoResultado = Type.Object({
  cambiados: Type.Integer({ description: 'Los que ya estaban así no cuentan' }),
  msg: Type.String(),
});
export type LoteCatalogoResultado = Static<typeof LoteCatalogoResultado>;
