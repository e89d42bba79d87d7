/**
 * A local SRI: a SOAP server that behaves like the SRI's offline reception and authorization services, for the API
 * and e2e tests, the bench and developers (`npm run sri-local`). A development tool, never part of the production
 * server's bundle. The checks a received document goes through are in recepcion.ts, the answers in soap.ts.
 */
import { iniciarServidor } from './servidor';
import type { OpcionesSriLocal, SriLocal } from './tipos';

export type { AutorizacionProgramada, MensajeSriLocal, ModoSriLocal, OpcionesSriLocal, SriLocal } from './tipos';

export function iniciarSriLocal(opciones?: OpcionesSriLocal): Promise<SriLocal> {
  return iniciarServidor(opciones);
}
