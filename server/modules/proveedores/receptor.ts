/**
 * The supplier a one-call document names by identification (liquidación de compra, retención): the company's one with
 * that identification, updated with the fields the body gives, or a new one (its razón social required). Both through
 * the suppliers' own create and edit service, so its checks and messages are the form's (the identification and its
 * 422 warning, emails, phones, 409 on a duplicate).
 */
import type { Db } from '../../infra/db/client';
import type { CompanyActor } from '../../core/actor';
import { HttpError } from '../../core/errors';
import { correosDirectos, telefonosDirectos, tipoDirecto } from '../../core/receptor-directo';
import { EMISION_MSG, type ReceptorDirecto } from '../../../domain/contratos/emision';
import { identificacionProveedor, type TipoIdentificacionProveedor } from '../../../domain/proveedores';
import { deleteSupplier, findSupplier, supplierByIdentification } from './repo';
import { createSupplier, editSupplier } from './service';

/** The company's supplier with this identification (as the book stores it: passports in capitals), if any. */
export async function proveedorExistente(db: Db, empresa: number, r: ReceptorDirecto) {
  const fila = await supplierByIdentification(db, empresa, identificacionProveedor(tipoDirecto(r), r.identificacion.trim()));
  return fila && findSupplier(db, empresa, fila.PRV_CODIGO);
}

export async function proveedorPorIdentificacion(
  db: Db,
  actor: CompanyActor,
  r: ReceptorDirecto,
): Promise<{ id: number; creado: boolean }> {
  const empresa = actor.empresa;
  const datos = {
    PRV_DIRECCION: r.direccion,
    PRV_CORREOS: correosDirectos(r.email),
    PRV_TELEFONOS: telefonosDirectos(r.telefono),
    aceptarAdvertencia: r.aceptarAdvertencia,
  };
  const antes = await proveedorExistente(db, empresa, r);
  if (antes) {
    const cambia = r.razonSocial !== undefined || Object.values(datos).some((v) => v !== undefined) || r.tipoIdentificacion;
    if (cambia)
      await editSupplier(db, empresa, antes.PRV_CODIGO, {
        ...datos,
        PRV_TIPO_IDENTIFICACION: (r.tipoIdentificacion ?? antes.PRV_TIPO_IDENTIFICACION) as TipoIdentificacionProveedor,
        PRV_IDENTIFICACION: antes.PRV_IDENTIFICACION,
        PRV_RAZON_SOCIAL: r.razonSocial ?? antes.PRV_RAZON_SOCIAL,
      });
    return { id: antes.PRV_CODIGO, creado: false };
  }
  if (!r.razonSocial?.trim()) throw new HttpError(400, EMISION_MSG.receptorSinNombre('proveedor'));
  const creado = await createSupplier(db, empresa, {
    ...datos,
    // The book judges the type (its own 400 for an unknown one).
    PRV_TIPO_IDENTIFICACION: tipoDirecto(r) as TipoIdentificacionProveedor,
    PRV_IDENTIFICACION: r.identificacion.trim(),
    PRV_RAZON_SOCIAL: r.razonSocial,
  });
  return { id: creado.PRV_CODIGO, creado: true };
}

/** Undoes a supplier `proveedorPorIdentificacion` created for a document that was then refused (nothing names it). */
export const olvidarProveedor = (db: Db, empresa: number, id: number) => deleteSupplier(db, empresa, id);
