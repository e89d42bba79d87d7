import type { Db } from '../../infra/db/client';
import { isUniqueViolation } from '../../infra/db/errors';
import { found, HttpError } from '../../core/errors';
import { MSG } from '../../../domain/messages';
import {
  CATALOGO_LIMITES,
  CATALOGO_MSG,
  esCodigoIce,
  esTarifaIvaProducto,
  precioProducto,
  tarifaIceProducto,
} from '../../../domain/catalogo';
import type { LoteCatalogo, LoteCatalogoResultado, Producto, ProductoDatos } from './contract';
import {
  deleteProduct,
  findProduct,
  insertProduct,
  lockProducts,
  principalTaken,
  setProductsActive,
  updateProduct,
  type ProductoValores,
} from './repo';

/** Trimmed text; blank is null; undefined stays undefined (a PUT that leaves the field out keeps it). */
const blankToNull = (value: string | null | undefined) => {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? '';
  return text ? text : null;
};

/**
 * The body as stored, every rule checked with its Spanish message (400; a repeated main code 409). `before` is the
 * stored product on an edit: an optional field left out keeps its value, and a product that already has a rate no
 * longer offered (IVA 12 %) may keep it.
 */
async function stored(db: Db, empresa: number, body: ProductoDatos, before?: Producto): Promise<Omit<ProductoValores, 'EMP_CODIGO'>> {
  const principal = body.CAT_PRINCIPAL.trim();
  if (!principal || principal.length > CATALOGO_LIMITES.principal) throw new HttpError(400, CATALOGO_MSG.principal);
  const auxiliar = body.CAT_AUXILIAR === undefined ? (before?.CAT_AUXILIAR ?? null) : blankToNull(body.CAT_AUXILIAR);
  if (auxiliar && auxiliar.length > CATALOGO_LIMITES.auxiliar) throw new HttpError(400, CATALOGO_MSG.auxiliar);
  const descripcion = body.CAT_DESCRIPCION.trim();
  if (!descripcion || descripcion.length > CATALOGO_LIMITES.descripcion) throw new HttpError(400, CATALOGO_MSG.descripcion);
  const precio = precioProducto(body.CAT_PRECIO);
  if (precio === undefined) throw new HttpError(400, CATALOGO_MSG.precio);
  const iva = body.CAT_IVA.trim();
  if (!esTarifaIvaProducto(iva) && iva !== before?.CAT_IVA) throw new HttpError(400, CATALOGO_MSG.iva);

  // ICE is a pair: sending either part replaces both.
  const iceEnviado = body.CAT_ICE_CODIGO !== undefined || body.CAT_ICE_TARIFA !== undefined;
  const tarifaEnviada =
    typeof body.CAT_ICE_TARIFA === 'string' ? (blankToNull(body.CAT_ICE_TARIFA) ?? null) : (body.CAT_ICE_TARIFA ?? null);
  const iceCodigo = iceEnviado ? (blankToNull(body.CAT_ICE_CODIGO) ?? null) : (before?.CAT_ICE_CODIGO ?? null);
  const iceTarifaValor = iceEnviado ? tarifaEnviada : (before?.CAT_ICE_TARIFA ?? null);
  if (iceCodigo !== null && !esCodigoIce(iceCodigo)) throw new HttpError(400, CATALOGO_MSG.iceCodigo);
  const iceTarifa = iceTarifaValor === null ? null : tarifaIceProducto(iceTarifaValor);
  if (iceTarifa === undefined) throw new HttpError(400, CATALOGO_MSG.iceTarifa);
  if ((iceCodigo === null) !== (iceTarifa === null)) throw new HttpError(400, CATALOGO_MSG.iceIncompleto);

  if (await principalTaken(db, empresa, principal, before?.CAT_CODIGO)) throw new HttpError(409, CATALOGO_MSG.principalRepetido(principal));
  return {
    CAT_PRINCIPAL: principal,
    CAT_AUXILIAR: auxiliar,
    CAT_DESCRIPCION: descripcion,
    CAT_TIPO: body.CAT_TIPO ?? before?.CAT_TIPO ?? 'B',
    CAT_PRECIO: precio,
    CAT_IVA: iva,
    CAT_ICE_CODIGO: iceCodigo,
    CAT_ICE_TARIFA: iceTarifa,
    CAT_ACTIVO: body.CAT_ACTIVO ?? before?.CAT_ACTIVO ?? true,
  };
}

/** Two saves of one code at once: the unique index (company, lower(code)) lets one win; the other gets the 409. */
const duplicate =
  (principal: string) =>
  (error: unknown): never => {
    if (isUniqueViolation(error)) throw new HttpError(409, CATALOGO_MSG.principalRepetido(principal));
    throw error;
  };

export async function visibleProduct(db: Db, empresa: number, id: number): Promise<Producto> {
  return found(await findProduct(db, empresa, id));
}

export async function createProduct(db: Db, empresa: number, body: ProductoDatos): Promise<Producto> {
  const values = await stored(db, empresa, body);
  const id = await insertProduct(db, { ...values, EMP_CODIGO: empresa }).catch(duplicate(values.CAT_PRINCIPAL));
  return visibleProduct(db, empresa, id);
}

export async function editProduct(db: Db, empresa: number, id: number, body: ProductoDatos): Promise<Producto> {
  const before = await visibleProduct(db, empresa, id);
  const values = await stored(db, empresa, body, before);
  if (!(await updateProduct(db, empresa, id, values).catch(duplicate(values.CAT_PRINCIPAL)))) throw new HttpError(404, MSG.notFound);
  return visibleProduct(db, empresa, id);
}

/** A product on an invoice line stays (409, the message suggests deactivating it); another is deleted. */
export async function removeProduct(db: Db, empresa: number, id: number) {
  const result = await deleteProduct(db, empresa, id);
  if (result === 'ausente') throw new HttpError(404, MSG.notFound);
  if (result === 'usado') throw new HttpError(409, CATALOGO_MSG.usado);
  return { msg: CATALOGO_MSG.eliminado };
}

/**
 * Activates or deactivates the selected products at once. All or nothing: if one of them is not the company's, 404 and
 * none changes. Those already so do not count.
 */
export function bulkActive(db: Db, empresa: number, body: LoteCatalogo): Promise<LoteCatalogoResultado> {
  const ids = [...new Set(body.ids)];
  const activo = body.accion === 'activar';
  return db.transaction(async (tx) => {
    const found = await lockProducts(tx, empresa, ids);
    if (found.length !== ids.length) throw new HttpError(404, MSG.notFound);
    const changed = found.filter((p) => p.CAT_ACTIVO !== activo).map((p) => p.CAT_CODIGO);
    if (changed.length) await setProductsActive(tx, changed, activo);
    const n = changed.length;
    const estado = activo ? 'activado' : 'desactivado';
    return { cambiados: n, msg: n === 1 ? `1 producto ${estado}` : `${n} productos ${estado}s` };
  });
}
