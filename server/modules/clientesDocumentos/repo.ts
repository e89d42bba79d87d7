import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../infra/db/client';
import type { Release } from '../../infra/files';
import { clientesDocumentos, usuarios } from '../../infra/db/schema';
import type { DocumentoCliente } from './contract';

/** Who uploaded it, as the screens show a user: the name, or the user name when there is none. */
export const uploader = sql<string | null>`coalesce(nullif(${usuarios.USU_NOMBRE}, ''), ${usuarios.USU_USUARIO})`;

const columns = {
  CDO_ID: clientesDocumentos.CDO_ID,
  CDO_NOMBRE: clientesDocumentos.CDO_NOMBRE,
  CDO_TIPO: clientesDocumentos.CDO_TIPO,
  CDO_BYTES: clientesDocumentos.CDO_BYTES,
  CDO_FECHA: clientesDocumentos.CDO_FECHA,
  usuario: uploader,
};

type Row = { CDO_ID: number; CDO_NOMBRE: string; CDO_TIPO: string; CDO_BYTES: number; CDO_FECHA: Date; usuario: string | null };

/** A user as the lists show them (the same expression as the lists' `usuario`). */
export async function userName(db: Executor, usuario: number): Promise<string | null> {
  const [row] = await db.select({ nombre: uploader }).from(usuarios).where(eq(usuarios.USU_CODIGO, usuario));
  return row?.nombre ?? null;
}

export const toDocumento = (row: Row): DocumentoCliente => ({
  CDO_ID: row.CDO_ID,
  CDO_NOMBRE: row.CDO_NOMBRE,
  CDO_TIPO: row.CDO_TIPO,
  CDO_BYTES: row.CDO_BYTES,
  CDO_FECHA: row.CDO_FECHA.toISOString(),
  usuario: row.usuario ?? null,
});

/** A client's documents, the newest first. */
export async function clientDocuments(db: Executor, empresa: number, cliente: number): Promise<DocumentoCliente[]> {
  const rows = await db
    .select(columns)
    .from(clientesDocumentos)
    .leftJoin(usuarios, eq(usuarios.USU_CODIGO, clientesDocumentos.USU_CODIGO))
    .where(and(eq(clientesDocumentos.EMP_CODIGO, empresa), eq(clientesDocumentos.CLI_CODIGO, cliente)))
    .orderBy(desc(clientesDocumentos.CDO_ID));
  return rows.map(toDocumento);
}

/** A document of the company (the caller then checks that its client is visible), or undefined. */
export async function findDocument(db: Executor, empresa: number, id: number) {
  const [row] = await db
    .select()
    .from(clientesDocumentos)
    .where(and(eq(clientesDocumentos.CDO_ID, id), eq(clientesDocumentos.EMP_CODIGO, empresa)));
  return row;
}

/** Some documents of one client (those of the ids that are its own); for attaching them to an email. */
export async function documentsOfClient(db: Executor, empresa: number, cliente: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(clientesDocumentos)
    .where(
      and(eq(clientesDocumentos.EMP_CODIGO, empresa), eq(clientesDocumentos.CLI_CODIGO, cliente), inArray(clientesDocumentos.CDO_ID, ids)),
    )
    .orderBy(clientesDocumentos.CDO_ID);
}

export async function insertDocument(
  db: Executor,
  values: {
    CLI_CODIGO: number;
    EMP_CODIGO: number;
    CDO_NOMBRE: string;
    CDO_RUTA: string;
    CDO_TIPO: string;
    CDO_BYTES: number;
    USU_CODIGO: number | null;
  },
) {
  const [row] = await db.insert(clientesDocumentos).values(values).returning();
  return row;
}

/**
 * For deleting a client (inside files.transaction): drops its documents' rows and releases their files, whose bytes go
 * after the commit. The rows' ON DELETE CASCADE alone would leave the files behind.
 */
export async function releaseClientDocuments(tx: Tx, release: Release, empresa: number, cliente: number): Promise<number> {
  const rows = await tx
    .delete(clientesDocumentos)
    .where(and(eq(clientesDocumentos.EMP_CODIGO, empresa), eq(clientesDocumentos.CLI_CODIGO, cliente)))
    .returning({ ruta: clientesDocumentos.CDO_RUTA });
  for (const row of rows) await release(row.ruta);
  return rows.length;
}

export async function deleteDocument(db: Executor, empresa: number, id: number) {
  const [row] = await db
    .delete(clientesDocumentos)
    .where(and(eq(clientesDocumentos.CDO_ID, id), eq(clientesDocumentos.EMP_CODIGO, empresa)))
    .returning();
  return row;
}
