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
import type { TIPO_IDENTIFICACION } from '../../../domain/clientes';
import { identificacionProveedor } from '../../../domain/proveedores';
import {
  checkPlaca,
  checkTransportistaIdentification,
  placaTransportista,
  TRANSPORTISTA_LIMITES,
  TRANSPORTISTA_MSG,
} from '../../../domain/transportistas';
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

/**
 * The body as stored, every rule checked: the identification (revisarIdentificacion), unique in the company (409), the
 * plate, emails and phones. `before` is the stored carrier on an edit (a field left out keeps its value).
 */
async function stored(db: Db, empresa: number, body: TransportistaDatos, before?: Transportista): Promise<TransportistaValores> {
  const tipo = body.TRA_TIPO_IDENTIFICACION;
  // Passports and foreign ids in capitals, as the suppliers': one carrier however it is typed.
  const id = identificacionProveedor(tipo, body.TRA_IDENTIFICACION);
  const antes = before && { tipo: before.TRA_TIPO_IDENTIFICACION, identificacion: before.TRA_IDENTIFICACION };
  revisarIdentificacion(checkTransportistaIdentification(tipo, id), { tipo, identificacion: id }, antes, body.aceptarAdvertencia);

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
    TRA_CORREOS:
      body.TRA_CORREOS !== undefined
        ? correosTercero(body.TRA_CORREOS, TRANSPORTISTA_MSG, TRANSPORTISTA_LIMITES)
        : (before?.TRA_CORREOS ?? []),
    TRA_TELEFONOS:
      body.TRA_TELEFONOS !== undefined
        ? telefonosTercero(body.TRA_TELEFONOS, TRANSPORTISTA_MSG, TRANSPORTISTA_LIMITES)
        : (before?.TRA_TELEFONOS ?? []),
    TRA_DIRECCION: keep('TRA_DIRECCION', blankToNull(body.TRA_DIRECCION), null),
    TRA_ACTIVO: keep('TRA_ACTIVO', body.TRA_ACTIVO, true),
    TRA_OBSERVACION: keep('TRA_OBSERVACION', blankToNull(body.TRA_OBSERVACION), null),
  };
}

const duplicate = identificacionRepetida(TRANSPORTISTA_MSG.identificacionRepetida);

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

/** A carrier a guía names (a draft too) stays (409: deactivate it instead); another company's is a 404. */
export const removeCarrier = (db: Db, empresa: number, id: number) =>
  eliminarTercero({
    buscar: () => findCarrier(db, empresa, id),
    nombrado: () => hasGuias(db, id),
    borrar: () => deleteCarrier(db, empresa, id),
    conDocumentos: TRANSPORTISTA_MSG.conGuias,
    eliminado: TRANSPORTISTA_MSG.eliminado,
  });

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
