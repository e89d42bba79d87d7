import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { UsageError, withDatabase } from './database';
import { administradores } from '../infra/db/schema';
import { hashPassword } from '../infra/passwords';
import { PASSWORD_MIN_LENGTH } from '../../domain/messages';
import { PERFIL } from '../../domain/perfiles';

const usage = 'Uso: npm run create-admin -- --usuario U --clave C [--nombre "Nombre"] [--distribuidor]';

await withDatabase(async (database) => {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        usuario: { type: 'string' },
        clave: { type: 'string' },
        nombre: { type: 'string' },
        distribuidor: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage}`);
  }
  const { usuario, clave, nombre, distribuidor } = values;
  if (!usuario || !clave) throw new UsageError(usage);
  if (clave.length < PASSWORD_MIN_LENGTH) throw new UsageError(`La clave debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres`);
  const [existing] = await database.db.select().from(administradores).where(eq(administradores.ADM_USUARIO, usuario));
  if (existing) throw new UsageError(`Ya existe un administrador con el usuario ${usuario}`);
  await database.db.insert(administradores).values({
    ADM_USUARIO: usuario,
    ADM_CLAVE: await hashPassword(clave),
    ADM_NOMBRE: nombre ?? usuario,
    PRF_CODIGO: distribuidor ? PERFIL.distribuidor : PERFIL.administrador,
    DRB_CONTADOR: distribuidor ? 1 : 0,
  });
  console.log(`${distribuidor ? 'Distribuidor' : 'Administrador'} ${usuario} creado.`);
});
