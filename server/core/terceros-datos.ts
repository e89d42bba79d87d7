import { isForeignKeyViolation, isUniqueViolation } from '../infra/db/errors';
import { found, HttpError } from './errors';
import { isEmail, type IdCheck } from '../../domain/identifiers';
import { TELEFONO_PATTERN } from '../../domain/clientes';

/**
 * What the books of a company's parties (clients, suppliers, carriers) check alike when one is saved or deleted: the
 * optional texts, the emails and phones, the identification with its warning, and the deletion of one a document may
 * name. Each book passes its own messages and limits.
 */

/** The code of a 422 that the user may accept (aceptarAdvertencia: true) to save anyway. */
export const ADVERTENCIA_IDENTIFICACION = 'ADVERTENCIA_IDENTIFICACION';

/** An optional text as stored: trimmed, null when blank; undefined (left out) stays undefined. */
export const blankToNull = (value: string | null | undefined) => {
  if (value === undefined) return undefined;
  const text = value?.trim() ?? '';
  return text ? text : null;
};

type MensajesContacto = { correoInvalido: string; demasiadosCorreos: string; telefonoInvalido: string; demasiadosTelefonos: string };
type LimitesContacto = { correos: number; telefonos: number };

/** The emails as stored: trimmed, lower case, once each; 400 for one that is not an address or too many. */
export function correosTercero(list: string[], msg: MensajesContacto, limites: LimitesContacto): string[] {
  const found = [...new Set(list.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (found.some((e) => !isEmail(e) || e.length > 150)) throw new HttpError(400, msg.correoInvalido);
  if (found.length > limites.correos) throw new HttpError(400, msg.demasiadosCorreos);
  return found;
}

/** The phones as stored (TELEFONO_PATTERN: digits, spaces and a +), once each. */
export function telefonosTercero(list: string[], msg: MensajesContacto, limites: LimitesContacto): string[] {
  const found = [...new Set(list.map((p) => p.trim().replace(/\s+/g, ' ')).filter(Boolean))];
  if (found.some((p) => !TELEFONO_PATTERN.test(p))) throw new HttpError(400, msg.telefonoInvalido);
  if (found.length > limites.telefonos) throw new HttpError(400, msg.demasiadosTelefonos);
  return found;
}

/**
 * The identification's check: its errors 400; a failed check digit 422 unless accepted, asked again only when the
 * identification or its type changes (`antes`: the stored one on an edit).
 */
export function revisarIdentificacion(
  check: IdCheck,
  nueva: { tipo: string; identificacion: string },
  antes: { tipo: string; identificacion: string } | undefined,
  aceptarAdvertencia: boolean | undefined,
) {
  if (check.error) throw new HttpError(400, check.error);
  const changed = !antes || antes.identificacion !== nueva.identificacion || antes.tipo !== nueva.tipo;
  if (check.warning && changed && !aceptarAdvertencia) throw new HttpError(422, check.warning, ADVERTENCIA_IDENTIFICACION);
}

/** Two saves of the same identification at once: the unique index decides, the loser gets the 409 with `msg`. */
export const identificacionRepetida =
  (msg: string) =>
  (error: unknown): never => {
    if (isUniqueViolation(error)) throw new HttpError(409, msg);
    throw error;
  };

/**
 * Deletes a party no document names: another company's or a missing one is a 404 (`buscar`), one a document names a
 * 409 with `conDocumentos` (checked first, then by `borrar`'s own condition and the foreign keys, so a document saved
 * in between keeps it).
 */
export async function eliminarTercero(libro: {
  buscar: () => Promise<unknown>;
  nombrado: () => Promise<boolean>;
  borrar: () => Promise<boolean>;
  conDocumentos: string;
  eliminado: string;
}) {
  found(await libro.buscar());
  if (await libro.nombrado()) throw new HttpError(409, libro.conDocumentos);
  const deleted = await libro.borrar().catch((error: unknown) => {
    // A document table that names the party and is not checked above still keeps it.
    if (isForeignKeyViolation(error)) throw new HttpError(409, libro.conDocumentos);
    throw error;
  });
  if (!deleted) {
    // Gone meanwhile (404), or a document was saved in between (409).
    found(await libro.buscar());
    throw new HttpError(409, libro.conDocumentos);
  }
  return { msg: libro.eliminado };
}
