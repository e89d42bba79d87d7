import type { Db } from '../../infra/db/client';
import type { Consultas } from '../../infra/consultas';
import { isForeignKeyViolation, isUniqueViolation } from '../../infra/db/errors';
import { found, HttpError } from '../../core/errors';
import type { Log } from '../../core/context';
import { isEmail } from '../../../domain/identifiers';
import { TELEFONO_PATTERN, TIPO_IDENTIFICACION, type Banderas } from '../../../domain/clientes';
import { checkProveedorIdentification, identificacionProveedor, PROVEEDOR_LIMITES, PROVEEDOR_MSG } from '../../../domain/proveedores';
import { ADVERTENCIA_IDENTIFICACION } from '../clientes';
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

const blankToNull = (value: string | null | undefined) => {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? '';
  return text ? text : null;
};

/** The emails as stored: trimmed, lower case, once each; 400 for one that is not an address or too many. */
function correosProveedor(list: string[]): string[] {
  const found = [...new Set(list.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (found.some((e) => !isEmail(e) || e.length > 150)) throw new HttpError(400, PROVEEDOR_MSG.correoInvalido);
  if (found.length > PROVEEDOR_LIMITES.correos) throw new HttpError(400, PROVEEDOR_MSG.demasiadosCorreos);
  return found;
}

/** The phones as stored (the clients' pattern: digits, spaces and a +), once each. */
function telefonosProveedor(list: string[]): string[] {
  const found = [...new Set(list.map((p) => p.trim().replace(/\s+/g, ' ')).filter(Boolean))];
  if (found.some((p) => !TELEFONO_PATTERN.test(p))) throw new HttpError(400, PROVEEDOR_MSG.telefonoInvalido);
  if (found.length > PROVEEDOR_LIMITES.telefonos) throw new HttpError(400, PROVEEDOR_MSG.demasiadosTelefonos);
  return found;
}

/**
 * The body as stored, every rule checked: the identification (its errors 400; a failed check digit 422 unless
 * accepted, asked again only when the identification changes), unique in the company (409), emails and phones.
 * `before` is the stored supplier on an edit (a field left out keeps its value).
 */
async function stored(db: Db, empresa: number, body: ProveedorDatos, before?: Proveedor): Promise<ProveedorValores> {
  const tipo = body.PRV_TIPO_IDENTIFICACION;
  const id = identificacionProveedor(tipo, body.PRV_IDENTIFICACION);
  const check = checkProveedorIdentification(tipo, id);
  if (check.error) throw new HttpError(400, check.error);
  const changed = !before || before.PRV_IDENTIFICACION !== id || before.PRV_TIPO_IDENTIFICACION !== tipo;
  if (check.warning && changed && !body.aceptarAdvertencia) throw new HttpError(422, check.warning, ADVERTENCIA_IDENTIFICACION);

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
    PRV_CORREOS: body.PRV_CORREOS !== undefined ? correosProveedor(body.PRV_CORREOS) : (before?.PRV_CORREOS ?? []),
    PRV_TELEFONOS: body.PRV_TELEFONOS !== undefined ? telefonosProveedor(body.PRV_TELEFONOS) : (before?.PRV_TELEFONOS ?? []),
    PRV_DIRECCION: keep('PRV_DIRECCION', blankToNull(body.PRV_DIRECCION), null),
    PRV_CONTACTO: keep('PRV_CONTACTO', blankToNull(body.PRV_CONTACTO), null),
    PRV_DIAS_CREDITO: keep('PRV_DIAS_CREDITO', body.PRV_DIAS_CREDITO, 0),
    PRV_ACTIVO: keep('PRV_ACTIVO', body.PRV_ACTIVO, true),
    PRV_OBSERVACION: keep('PRV_OBSERVACION', blankToNull(body.PRV_OBSERVACION), null),
  };
}

/** Two saves of the same identification at once: the unique index decides, the loser gets the 409. */
const duplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new HttpError(409, PROVEEDOR_MSG.identificacionRepetida);
  throw error;
};

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
export async function removeSupplier(db: Db, empresa: number, id: number) {
  found(await findSupplier(db, empresa, id));
  if (await hasDocuments(db, id)) throw new HttpError(409, PROVEEDOR_MSG.conDocumentos);
  const deleted = await deleteSupplier(db, empresa, id).catch((error: unknown) => {
    // A document table that names suppliers and is not checked above still keeps it.
    if (isForeignKeyViolation(error)) throw new HttpError(409, PROVEEDOR_MSG.conDocumentos);
    throw error;
  });
  if (!deleted) {
    // Gone meanwhile (404), or a document was saved in between (409).
    found(await findSupplier(db, empresa, id));
    throw new HttpError(409, PROVEEDOR_MSG.conDocumentos);
  }
  return { msg: PROVEEDOR_MSG.eliminado };
}

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
