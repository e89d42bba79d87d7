import type { TestApp } from './server';
import { clavesApi } from '../../server/infra/db/schema';
import { nuevaClave } from '../../server/core/claves-api';
import type { AlcanceClave } from '../../domain/integraciones';

/**
 * An API key of the company `empresa` acting for its administrador `usuario`, arranged in the database (what
 * POST /api/clavesApi stores), for the suites that call the API as an integration. Returns the key to send as
 * `Authorization: Bearer <clave>`.
 */
export async function claveApi(
  t: TestApp,
  {
    empresa,
    usuario,
    alcances = ['leer', 'emitir'],
    nombre = 'Caja 1',
  }: { empresa: number; usuario: number; alcances?: AlcanceClave[]; nombre?: string },
): Promise<string> {
  const { clave, prefijo, hash } = nuevaClave();
  await t.db
    .insert(clavesApi)
    .values({ EMP_CODIGO: empresa, USU_CODIGO: usuario, CLA_NOMBRE: nombre, CLA_PREFIJO: prefijo, CLA_HASH: hash, CLA_ALCANCES: alcances });
  return clave;
}

/** The headers of a request made with an API key. */
export const conClave = (clave: string) => ({ authorization: `Bearer ${clave}` });
