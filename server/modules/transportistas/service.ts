import type { Db } from '../../infra/db/client';
import type { Consultas } from '../../infra/consultas';
import { isForeignKeyViolation, isUniqueViolation } from '../../infra/db/errors';
import { found, HttpError } from '../../core/errors';
import type { Log } from '../../core/context';
import { isEmail } from '../../../domain/identifiers';
import { TELEFONO_PATTERN, type TIPO_IDENTIFICACION } from '../../../domain/clientes';
import { identificacionProveedor } from '../../../domain/proveedores';
import {
  checkPlaca,
  checkTransportistaIdentification,
  placaTransportista,
  TRANSPORTISTA_LIMITES,
  TRANSPORTISTA_MSG,
} from '../../../domain/transportistas';
import { ADVERTENCIA_IDENTIFICACION } from '../clientes';
import { lookupTaxpayer } from '../consultas';
import type { ConsultaTransportista, Transportista, TransportistaDatos } from './contract';
import {
  carrierByIdentification,
  deleteCarrier,
  findCarrier,
  hasGuias,
  identificationTaken,
  insertCarrier,
  updateCarrier,
  type TransportistaValores,
} from './repo';

const blankToNull = (value: string | null | undefined) => {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? '';
  return text ? text : null;
};

/** The emails as stored: trimmed, lower case, once each; 400 for one that is not an address or too many. */
function correos(list: string[]): string[] {
  const found = [...new Set(list.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (found.some((e) => !isEmail(e) || e.length > 150)) throw new HttpError(400, TRANSPORTISTA_MSG.correoInvalido);
  if (found.length > TRANSPORTISTA_LIMITES.correos) throw new HttpError(400, TRANSPORTISTA_MSG.demasiadosCorreos);
  return found;
}

/** The phones as stored (the clients' pattern: digits, spaces and a +), once each. */
function telefonos(list: string[]): string[] {
  const found = [...new Set(list.map((p) => p.trim().replace(/\s+/g, ' ')).filter(Boolean))];
  if (found.some((p) => !TELEFONO_PATTERN.test(p))) throw new HttpError(400, TRANSPORTISTA_MSG.telefonoInvalido);
  if (found.length > TRANSPORTISTA_LIMITES.telefonos) throw new HttpError(400, TRANSPORTISTA_MSG.demasiadosTelefonos);
  return found;
}

/**
 * The body as stored, every rule checked: the identification (its errors 400; a failed check digit 422 unless
 * accepted, asked again only when the identification changes), unique in the company (409), the plate, emails and
 * phones. `before` is the stored carrier on an edit (a field left out keeps its value).
 */
async function stored(db: Db, empresa: number, body: TransportistaDatos, before?: Transportista): Promise<TransportistaValores> {
  const tipo = body.TRA_TIPO_IDENTIFICACION;
  // Passports and foreign ids in capitals, as the suppliers': one carrier however it is typed.
  const id = identificacionProveedor(tipo, body.TRA_IDENTIFICACION);
  const check = checkTransportistaIdentification(tipo, id);
  if (check.error) throw new HttpError(400, check.error);
  const changed = !before || before.TRA_IDENTIFICACION !== id || before.TRA_TIPO_IDENTIFICACION !== tipo;
  if (check.warning && changed && !body.aceptarAdvertencia) throw new HttpError(422, check.warning, ADVERTENCIA_IDENTIFICACION);

  const razonSocial = body.TRA_RAZON_SOCIAL.trim().replace(/\s+/g, ' ');
  if (!razonSocial) throw new HttpError(400, TRANSPORTISTA_MSG.razonSocialRequerida);
  const placa = checkPlaca(body.TRA_PLACA);
  if (placa) throw new HttpError(400, placa);
  if (await identificationTaken(db, empresa, id, before?.TRA_CODIGO)) throw new HttpError(409, TRANSPORTISTA_MSG.identificacionRepetida);

  const keep = <K extends keyof Transportista>(
    key: K,
    value: Transportista[K] | undefined,
    fallback: Transportista[K],
  ): Transportista[K] => (value !== undefined ? value : before ? before[key] : fallback);
  return {
    EMP_CODIGO: empresa,
    TRA_TIPO_IDENTIFICACION: tipo,
    TRA_IDENTIFICACION: id,
    TRA_RAZON_SOCIAL: razonSocial,
    TRA_PLACA: placaTransportista(body.TRA_PLACA),
    TRA_CORREOS: body.TRA_CORREOS !== undefined ? correos(body.TRA_CORREOS) : (before?.TRA_CORREOS ?? []),
    TRA_TELEFONOS: body.TRA_TELEFONOS !== undefined ? telefonos(body.TRA_TELEFONOS) : (before?.TRA_TELEFONOS ?? []),
    TRA_DIRECCION: keep('TRA_DIRECCION', blankToNull(body.TRA_DIRECCION), null),
    TRA_ACTIVO: keep('TRA_ACTIVO', body.TRA_ACTIVO, true),
    TRA_OBSERVACION: keep('TRA_OBSERVACION', blankToNull(body.TRA_OBSERVACION), null),
  };
}

/** Two saves of the same identification at once: the unique index decides, the loser gets the 409. */
const duplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw new HttpError(409, TRANSPORTISTA_MSG.identificacionRepetida);
  throw error;
};

export async function createCarrier(db: Db, empresa: number, body: TransportistaDatos): Promise<Transportista> {
  const values = await stored(db, empresa, body);
  const id = await insertCarrier(db, values).catch(duplicate);
  return (await findCarrier(db, empresa, id))!;
}

/** Another company's carrier, or a missing one: 404. */
export async function editCarrier(db: Db, empresa: number, id: number, body: TransportistaDatos): Promise<Transportista> {
  const before = found(await findCarrier(db, empresa, id));
  const { EMP_CODIGO: _empresa, ...values } = await stored(db, empresa, body, before);
  found((await updateCarrier(db, empresa, id, values).catch(duplicate)) || null);
  return (await findCarrier(db, empresa, id))!;
}

/** A carrier a guía names stays (409: deactivate it instead); another company's is a 404. */
export async function removeCarrier(db: Db, empresa: number, id: number) {
  found(await findCarrier(db, empresa, id));
  if (await hasGuias(db, id)) throw new HttpError(409, TRANSPORTISTA_MSG.conGuias);
  const deleted = await deleteCarrier(db, empresa, id).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) throw new HttpError(409, TRANSPORTISTA_MSG.conGuias);
    throw error;
  });
  if (!deleted) {
    // Gone meanwhile (404), or a guía was saved in between (409).
    found(await findCarrier(db, empresa, id));
    throw new HttpError(409, TRANSPORTISTA_MSG.conGuias);
  }
  return { msg: TRANSPORTISTA_MSG.eliminado };
}

/**
 * The form's lookup: the company's own carrier with that identification first (existente: its id), then the RUC or
 * cédula services (consultas module), as the suppliers' form does. null when nobody knows it (the route's 404); 503
 * when no service answered.
 */
export async function lookupCarrier(
  db: Db,
  consultas: Consultas,
  empresa: number,
  tipo: typeof TIPO_IDENTIFICACION.ruc | typeof TIPO_IDENTIFICACION.cedula,
  identificacion: string,
  log: Log,
): Promise<ConsultaTransportista | null> {
  const own = await carrierByIdentification(db, empresa, identificacion);
  if (own) {
    const { TRA_CODIGO, ...transportista } = own;
    return { fuente: 'transportistas', transportista, existente: TRA_CODIGO };
  }
  const hallado = await lookupTaxpayer(consultas, tipo, identificacion, log);
  if (!hallado) return null;
  const c = hallado.contribuyente;
  return {
    fuente: hallado.fuente,
    transportista: {
      TRA_TIPO_IDENTIFICACION: tipo,
      TRA_IDENTIFICACION: c.identificacion,
      TRA_RAZON_SOCIAL: c.razonSocial,
      TRA_CORREOS: c.correos,
      TRA_TELEFONOS: c.telefonos,
      TRA_DIRECCION: c.direccion,
    },
  };
}
