import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { clientesEnvios, usuarios } from '../../infra/db/schema';
import { uploader } from '../clientesDocumentos';
import type { Envio } from './contract';

/** How many sendings the history shows (the newest). */
export const HISTORIAL_MAX = 200;

type Row = typeof clientesEnvios.$inferSelect;

export const toEnvio = (row: Row, usuario: string | null): Envio => ({
  CEN_ID: row.CEN_ID,
  CEN_CANAL: row.CEN_CANAL as Envio['CEN_CANAL'],
  CEN_DESTINO: row.CEN_DESTINO,
  CEN_ASUNTO: row.CEN_ASUNTO,
  CEN_RESULTADO: row.CEN_RESULTADO as Envio['CEN_RESULTADO'],
  CEN_DETALLE: row.CEN_DETALLE,
  CEN_FECHA: row.CEN_FECHA.toISOString(),
  usuario,
});

export async function recordSending(
  db: Executor,
  values: {
    CLI_CODIGO: number;
    EMP_CODIGO: number;
    USU_CODIGO: number;
    CEN_CANAL: Envio['CEN_CANAL'];
    CEN_DESTINO: string;
    CEN_ASUNTO: string | null;
    CEN_RESULTADO: Envio['CEN_RESULTADO'];
    CEN_DETALLE: string | null;
  },
) {
  const [row] = await db.insert(clientesEnvios).values(values).returning();
  return row;
}

/** A client's sendings, the newest first, with who sent each. */
export async function clientSendings(db: Executor, empresa: number, cliente: number): Promise<Envio[]> {
  const rows = await db
    .select({ envio: clientesEnvios, usuario: uploader })
    .from(clientesEnvios)
    .leftJoin(usuarios, eq(usuarios.USU_CODIGO, clientesEnvios.USU_CODIGO))
    .where(and(eq(clientesEnvios.EMP_CODIGO, empresa), eq(clientesEnvios.CLI_CODIGO, cliente)))
    .orderBy(desc(clientesEnvios.CEN_ID))
    .limit(HISTORIAL_MAX);
  return rows.map((r) => toEnvio(r.envio, r.usuario ?? null));
}
