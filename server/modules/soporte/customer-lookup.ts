import type { Db } from '../../infra/db/client';
import { TaxpayerUnavailable, type TaxpayerLookup } from '../../infra/taxpayer';
import { found, HttpError } from '../../core/errors';
import { MSG } from '../../../domain/messages';
import { checkIdentification } from '../../../domain/identifiers';
import { enmascararCorreo, enmascararTelefono } from '../../../domain/contacto';
import { findCompanyContact } from '../empresas';
import type { SupportCustomer } from './contract';

/**
 * A customer's contact data by RUC or cédula: first the registered companies (a cédula also finds the RUC that starts
 * with it), then, for 13 digits, the online taxpayer lookup (503 when it is unavailable). The email and the phone go
 * masked (domain/contacto.ts) unless `completo`: anyone may ask, and a RUC is no secret.
 */
export async function findSupportCustomer(
  db: Db,
  taxpayers: TaxpayerLookup,
  log: { warn(obj: object, msg: string): void },
  raw: string,
  completo: boolean,
): Promise<SupportCustomer> {
  const found = await findContact(db, taxpayers, log, raw);
  if (completo) return { ...found, enmascarado: false };
  return {
    ...found,
    correo: found.correo ? enmascararCorreo(found.correo) : null,
    telefono: found.telefono ? enmascararTelefono(found.telefono) : null,
    enmascarado: true,
  };
}

async function findContact(
  db: Db,
  taxpayers: TaxpayerLookup,
  log: { warn(obj: object, msg: string): void },
  raw: string,
): Promise<Omit<SupportCustomer, 'enmascarado'>> {
  const id = raw.trim();
  const check = checkIdentification(id);
  if (!check.valid) throw new HttpError(400, check.error ?? MSG.idLength);
  const company = await findCompanyContact(db, id);
  if (company) return { ...company, origen: 'empresa' };
  if (id.length !== 13) throw new HttpError(404, MSG.customerNotFound);
  try {
    const taxpayer = found(await taxpayers.find(id), MSG.customerNotFound);
    return { nombre: taxpayer.nombre, correo: taxpayer.correo, telefono: taxpayer.telefono, origen: 'sri' };
  } catch (error) {
    if (error instanceof TaxpayerUnavailable) {
      log.warn({ reason: error.message }, 'consulta de contribuyentes no disponible');
      throw new HttpError(503, MSG.sriUnavailable);
    }
    throw error;
  }
}
