import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { configuraciones } from '../../infra/db/schema';
import { isEmail } from '../../../src/domain/constants';

/** Position of the global setting whose CON_VALOR1 is the address that receives support tickets. */
export const SUPPORT_ADDRESS_SETTING = 3;

/** The support team's address (configuraciones CON_CODIGO 3, CON_VALOR1), or null when unset or not an address. */
export async function supportAddress(db: Db): Promise<string | null> {
  const [row] = await db.select({ value: configuraciones.CON_VALOR1 }).from(configuraciones)
    .where(eq(configuraciones.CON_CODIGO, SUPPORT_ADDRESS_SETTING));
  const value = row?.value?.trim();
  return value && isEmail(value) ? value : null;
}
