import type { Executor } from '../../infra/db/client';
import { found } from '../../core/errors';
import { hoyEcuador } from '../../../domain/fechas';
import { NOMBRE_DOCUMENTO_PROVEEDOR, type CuentaProveedor } from './contract';
import {
  documentosDelProveedor,
  movimientosDelProveedor,
  proveedorDeLaEmpresa,
  totalesDelProveedor,
  type Cuenta,
  type FilaMovimientoProveedor,
} from './repo';

/** How the account names a movement: "Factura 001-001-000000123", "Retención 001-001-000000004 (factura 001-001-…)". */
const concepto = (m: FilaMovimientoProveedor) =>
  `${NOMBRE_DOCUMENTO_PROVEEDOR[m.tipo]} ${m.numero}${m.sustentos ? ` (${m.sustentos})` : ''}`;

/** The account of the company's supplier (404 for another company's or a missing one). */
export async function cuentaDelProveedor(db: Executor, c: Cuenta): Promise<CuentaProveedor> {
  const proveedor = found(await proveedorDeLaEmpresa(db, c));
  const [documentos, movimientos, totales] = await Promise.all([
    documentosDelProveedor(db, c),
    movimientosDelProveedor(db, c),
    totalesDelProveedor(db, c),
  ]);
  return {
    proveedor,
    hoy: hoyEcuador(),
    documentos,
    movimientos: movimientos.map(({ sustentos, ...m }) => ({ ...m, concepto: concepto({ ...m, sustentos }) })),
    totales,
  };
}
