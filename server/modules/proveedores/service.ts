import type { Db } from '../../infra/db/client';
import type { Consultas } from '../../infra/consultas';
import { found, HttpError } from '../../core/errors';
import type { Log } from '../../core/context';
import {
  blankToNull,
  correosTercero,
  eliminarTercero,
  identificacionRepetida,
  revisarIdentificacion,
  telefonosTercero,
} from '../../core/terceros-datos';
import { TIPO_IDENTIFICACION, type Banderas } from '../../../domain/clientes';
import { checkProveedorIdentification, identificacionProveedor, PROVEEDOR_LIMITES, PROVEEDOR_MSG } from '../../../domain/proveedores';
import { lookupFlags, lookupTaxpayer, type ResultadoBanderas } from '../consultas';
import type { ConsultaProveedor, Proveedor, ProveedorDatos } from './contract';
import {
  deleteSupplier,
  findSupplier,
  hasDocuments,
  identificationTaken,
  insertSupplier,
  storeFlags,
  supplierByIdentification,
  updateSupplier,
  type ProveedorValores,
} from './repo';

/**
 * The body as stored, every rule checked: the identification (revisarIdentificacion), unique in the company (409),
 * emails and phones. `before` is the stored supplier on an edit (a field left out keeps its value).
 */
async function stored(db: Db, empresa: number, body: ProveedorDatos, before?: Proveedor): Promise<ProveedorValores> {
  const tipo = body.PRV_TIPO_IDENTIFICACION;
  const id = identificacionProveedor(tipo, body.PRV_IDENTIFICACION);
  const antes = before && { tipo: before.PRV_TIPO_IDENTIFICACION, identificacion: before.PRV_IDENTIFICACION };
  revisarIdentificacion(checkProveedorIdentification(tipo, id), { tipo, identificacion: id }, antes, body.aceptarAdvertencia);

  const razonSocial = body.PRV_RAZON_SOCIAL.trim().replace(/\s+/g, ' ');
  if (!razonSocial) throw new HttpError(400, PROVEEDOR_MSG.razonSocialRequerida);
  if (await identificationTaken(db, empresa, id, before?.PRV_CODIGO)) throw new HttpError(409, PROVEEDOR_MSG.identificacionRepetida);

  const keep = <K extends keyof Proveedor>(key: K, value: Proveedor[K] | undefined, fallback: Proveedor[K]): Proveedor[K] =>
    value !== undefined ? value : before ? before[key] : fallback;
  return {
    EMP_CODIGO: empresa,
    PRV_TIPO_IDENTIFICACION: tipo,
    PRV_IDENTIFICACION: id,
    PRV_RAZON_SOCIAL: razonSocial,
    PRV_NOMBRE_COMERCIAL: keep('PRV_NOMBRE_COMERCIAL', blankToNull(body.PRV_NOMBRE_COMERCIAL), null),
    PRV_CORREOS:
      body.PRV_CORREOS !== undefined ? correosTercero(body.PRV_CORREOS, PROVEEDOR_MSG, PROVEEDOR_LIMITES) : (before?.PRV_CORREOS ?? []),
    PRV_TELEFONOS:
      body.PRV_TELEFONOS !== undefined
        ? telefonosTercero(body.PRV_TELEFONOS, PROVEEDOR_MSG, PROVEEDOR_LIMITES)
        : (before?.PRV_TELEFONOS ?? []),
    PRV_DIRECCION: keep('PRV_DIRECCION', blankToNull(body.PRV_DIRECCION), null),
    PRV_CONTACTO: keep('PRV_CONTACTO', blankToNull(body.PRV_CONTACTO), null),
    PRV_DIAS_CREDITO: keep('PRV_DIAS_CREDITO', body.PRV_DIAS_CREDITO, 0),
    PRV_ACTIVO: keep('PRV_ACTIVO', body.PRV_ACTIVO, true),
    PRV_OBSERVACION: keep('PRV_OBSERVACION', blankToNull(body.PRV_OBSERVACION), null),
  };
}

const duplicate = identificacionRepetida(PROVEEDOR_MSG.identificacionRepetida);

export async function createSupplier(db: Db, empresa: number, body: ProveedorDatos): Promise<Proveedor> {
  const values = await stored(db, empresa, body);
  const id = await insertSupplier(db, values).catch(duplicate);
  return (await findSupplier(db, empresa, id))!;
}

/** Another company's supplier, or a missing one: 404. */
export async function editSupplier(db: Db, empresa: number, id: number, body: ProveedorDatos): Promise<Proveedor> {
  const before = found(await findSupplier(db, empresa, id));
  const { EMP_CODIGO: _empresa, ...values } = await stored(db, empresa, body, before);
  found((await updateSupplier(db, empresa, id, values).catch(duplicate)) || null);
  return (await findSupplier(db, empresa, id))!;
}

/** A supplier a document names stays (409: deactivate it instead); another company's is a 404. */
export const removeSupplier = (db: Db, empresa: number, id: number) =>
  eliminarTercero({
    buscar: () => findSupplier(db, empresa, id),
    nombrado: () => hasDocuments(db, id),
    borrar: () => deleteSupplier(db, empresa, id),
    conDocumentos: PROVEEDOR_MSG.conDocumentos,
    eliminado: PROVEEDOR_MSG.eliminado,
  });

/**
 * The form's lookup: the company's own supplier with that identification first (existente: its id), then the RUC or
 * cédula services (consultas module). null when nobody knows it (the route's 404); 503 when no service answered.
 */
export async function lookupSupplier(
  db: Db,
  consultas: Consultas,
  empresa: number,
  tipo: typeof TIPO_IDENTIFICACION.ruc | typeof TIPO_IDENTIFICACION.cedula,
  identificacion: string,
  log: Log,
): Promise<ConsultaProveedor | null> {
  const own = await supplierByIdentification(db, empresa, identificacion);
  if (own) {
    const { PRV_CODIGO, ...proveedor } = own;
    return { fuente: 'proveedores', proveedor, existente: PRV_CODIGO };
  }
  const found = await lookupTaxpayer(consultas, tipo, identificacion, log);
  if (!found) return null;
  const c = found.contribuyente;
  return {
    fuente: found.fuente,
    proveedor: {
      PRV_TIPO_IDENTIFICACION: tipo,
      PRV_IDENTIFICACION: c.identificacion,
      PRV_RAZON_SOCIAL: c.razonSocial,
      PRV_NOMBRE_COMERCIAL: c.nombreComercial,
      PRV_CORREOS: c.correos,
      PRV_TELEFONOS: c.telefonos,
      PRV_DIRECCION: c.direccion,
    },
  };
}

/** POST {id}/banderas: the supplier's taxpayer flags asked again and kept in PRV_BANDERAS (RUC or cédula only: 400). */
export async function refreshSupplierFlags(
  db: Db,
  consultas: Consultas,
  empresa: number,
  id: number,
  log: Log,
): Promise<ResultadoBanderas> {
  const supplier = found(await findSupplier(db, empresa, id));
  const tipo = supplier.PRV_TIPO_IDENTIFICACION;
  if (tipo !== TIPO_IDENTIFICACION.ruc && tipo !== TIPO_IDENTIFICACION.cedula)
    throw new HttpError(400, PROVEEDOR_MSG.banderasIdentificacion);
  const result = await lookupFlags(consultas, tipo, supplier.PRV_IDENTIFICACION, supplier.PRV_BANDERAS as Banderas | null, log);
  await storeFlags(db, empresa, id, result.banderas);
  return result;
}
