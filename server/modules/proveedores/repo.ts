import { sql } from 'drizzle-orm';
import type { Executor } from '../../infra/db/client';
import { proveedores } from '../../infra/db/schema';

/** A supplier as a received document names it (its issuer). */
export type ProveedorDocumento = {
  tipoIdentificacion: string;
  identificacion: string;
  razonSocial: string;
  nombreComercial?: string | null;
  direccion?: string | null;
};

/**
 * The company's supplier with this identification, added to the book when missing (a document received from someone
 * new): its id, and whether it was added. Concurrent imports of the same supplier end with one row (the unique index
 * decides, the loser reads the winner's).
 */
export async function asegurarProveedor(
  tx: Executor,
  empresa: number,
  p: ProveedorDocumento,
): Promise<{ PRV_CODIGO: number; nuevo: boolean }> {
  const [creado] = await tx
    .insert(proveedores)
    .values({
      EMP_CODIGO: empresa,
      PRV_TIPO_IDENTIFICACION: p.tipoIdentificacion,
      PRV_IDENTIFICACION: p.identificacion,
      PRV_RAZON_SOCIAL: p.razonSocial.slice(0, 300),
      PRV_NOMBRE_COMERCIAL: p.nombreComercial?.slice(0, 300) || null,
      PRV_DIRECCION: p.direccion?.slice(0, 300) || null,
    })
    .onConflictDoNothing({ target: [proveedores.EMP_CODIGO, proveedores.PRV_IDENTIFICACION] })
    .returning({ PRV_CODIGO: proveedores.PRV_CODIGO });
  if (creado) return { PRV_CODIGO: creado.PRV_CODIGO, nuevo: true };
  const [existente] = await tx
    .select({ PRV_CODIGO: proveedores.PRV_CODIGO })
    .from(proveedores)
    .where(sql`${proveedores.EMP_CODIGO} = ${empresa} AND ${proveedores.PRV_IDENTIFICACION} = ${p.identificacion}`);
  return { PRV_CODIGO: existente!.PRV_CODIGO, nuevo: false };
}
