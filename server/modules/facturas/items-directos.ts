/**
 * The lines of a one-call body (domain/contratos/emision.ts ItemDirecto) as the invoice form would have sent them: a
 * line by the company's product code takes the product's description, price, IVA and ICE unless the line gives them;
 * a line without a code is free text that must bring its description, price and IVA. Every line is judged before the
 * first error answers, each with its number, as the form's errors are.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { catalogo } from '../../infra/db/schema';
import type { ErrorFactura } from '../../../domain/facturas';
import type { LineaBorrador } from '../../../domain/contratos/facturas';
import { EMISION_MSG, type ItemDirecto } from '../../../domain/contratos/emision';
import { ComprobanteRechazado } from '../comprobantes';

/** A code as the catalogue's unique index compares it (catalogo_principal: lower case). */
const clave = (codigo: string) => codigo.trim().toLowerCase();
const dado = <T>(valor: T | null | undefined): valor is T => valor !== undefined && valor !== null && String(valor).trim() !== '';

/** The company's active products with these codes, by their compared code. */
async function productos(db: Executor, empresa: number, codigos: string[]) {
  if (!codigos.length) return new Map<string, typeof catalogo.$inferSelect>();
  const filas = await db
    .select()
    .from(catalogo)
    .where(and(eq(catalogo.EMP_CODIGO, empresa), eq(catalogo.CAT_ACTIVO, true), inArray(sql`lower(${catalogo.CAT_PRINCIPAL})`, codigos)));
  return new Map(filas.map((p) => [clave(p.CAT_PRINCIPAL), p]));
}

/**
 * The draft's lines of `items`, reading the company's catalogue (its active products) by code. 400 with every line's
 * reason: an unknown code, or free text without its description, price or IVA.
 */
export async function lineasDeItems(db: Executor, empresa: number, items: readonly ItemDirecto[]): Promise<LineaBorrador[]> {
  const catalogoEmpresa = await productos(db, empresa, [...new Set(items.filter((i) => dado(i.codigo)).map((i) => clave(i.codigo!)))]);
  const errores: ErrorFactura[] = [];
  const lineas = items.map((item, i): LineaBorrador => {
    const linea = i + 1;
    const comun = { FDE_CANTIDAD: item.cantidad, FDE_DESCUENTO: item.descuento ?? null, FDE_AUXILIAR: item.codigoAuxiliar ?? null };
    if (dado(item.codigo)) {
      const producto = catalogoEmpresa.get(clave(item.codigo));
      if (!producto) errores.push({ campo: 'codigo', linea, mensaje: EMISION_MSG.productoDesconocido(item.codigo.trim(), linea) });
      return {
        ...comun,
        CAT_CODIGO: producto?.CAT_CODIGO ?? null,
        FDE_PRINCIPAL: producto?.CAT_PRINCIPAL ?? item.codigo.trim(),
        FDE_AUXILIAR: item.codigoAuxiliar ?? producto?.CAT_AUXILIAR ?? null,
        FDE_DESCRIPCION: dado(item.descripcion) ? item.descripcion : (producto?.CAT_DESCRIPCION ?? ''),
        FDE_PRECIO: dado(item.precioUnitario) ? item.precioUnitario : (producto?.CAT_PRECIO ?? '0'),
        FDE_IVA: dado(item.iva) ? item.iva : (producto?.CAT_IVA ?? ''),
        FDE_ICE_CODIGO: producto?.CAT_ICE_CODIGO ?? null,
        FDE_ICE_TARIFA: producto?.CAT_ICE_TARIFA ?? null,
      };
    }
    if (!dado(item.descripcion)) errores.push({ campo: 'descripcion', linea, mensaje: EMISION_MSG.lineaSinDescripcion(linea) });
    if (!dado(item.precioUnitario)) errores.push({ campo: 'precioUnitario', linea, mensaje: EMISION_MSG.lineaSinPrecio(linea) });
    if (!dado(item.iva)) errores.push({ campo: 'iva', linea, mensaje: EMISION_MSG.lineaSinIva(linea) });
    return {
      ...comun,
      CAT_CODIGO: null,
      FDE_PRINCIPAL: null,
      FDE_DESCRIPCION: item.descripcion ?? '',
      FDE_PRECIO: item.precioUnitario ?? '0',
      FDE_IVA: item.iva ?? '',
    };
  });
  if (errores.length) throw new ComprobanteRechazado(errores);
  return lineas;
}
