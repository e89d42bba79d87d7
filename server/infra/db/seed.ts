import { count, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import {
  administradores,
  asesores,
  empresas,
  establecimientos,
  menusEmpresa,
  pagos,
  planes,
  planesEmpresa,
  puntosEmision,
  usuarios,
} from './schema';
import { hashPassword } from '../passwords';
import { DEMO } from './demo-accounts';
import { PERFIL } from '../../../domain/perfiles';
import type { Config } from '../../config';
import { createFileStore } from '../files';
import { createStorage } from '../storage';
import { secretBoxFor } from '../secret-box';
import { readCertificate } from '../certificates';
import { buildDemoPkcs12 } from './demo-certificate';
import { storeSignature } from '../../modules/firmas/repo';

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(administradores);
  return row.n === 0;
}

const addDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Where the seed stores the demo signature: the app's files and secrets key. */
export type SeedConfig = Pick<Config, 'files' | 'dataDir' | 'secretsKey'>;

/** Spanish demo data: two administrators, three companies in different plan states, their users and menus, a signature. */
export async function seedDemo(db: Db, config: SeedConfig): Promise<void> {
  const [adminHash, distHash, userHash] = await Promise.all([
    hashPassword(DEMO.admin.clave),
    hashPassword(DEMO.distribuidor.clave),
    hashPassword(DEMO.empresa.clave),
  ]);
  const seeded = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(administradores).where(eq(administradores.ADM_USUARIO, DEMO.admin.usuario));
    if (existing) return null;
    const [admin] = await tx
      .insert(administradores)
      .values({
        ADM_USUARIO: DEMO.admin.usuario,
        ADM_CLAVE: adminHash,
        ADM_NOMBRE: 'María Fernanda Andrade',
        ADM_CORREO: 'admin@amelia.ec',
        PRF_CODIGO: PERFIL.administrador,
      })
      .returning();
    const [dist] = await tx
      .insert(administradores)
      .values({
        ADM_USUARIO: DEMO.distribuidor.usuario,
        ADM_CLAVE: distHash,
        ADM_NOMBRE: 'Carlos Quishpe — Distribuciones Sierra',
        ADM_CORREO: 'carlos@distribucionessierra.ec',
        PRF_CODIGO: PERFIL.distribuidor,
        DRB_CONTADOR: 1,
      })
      .returning();

    const plans = await tx
      .insert(planes)
      .values([
        { PLAN_NOMBRE: 'Emprendedor', PLAN_TIPO: 'V', PLAN_COMPROBANTES: 100, PLAN_DIAS: 365, PLAN_PRECIO: '25.00' },
        { PLAN_NOMBRE: 'Pyme', PLAN_TIPO: 'V', PLAN_COMPROBANTES: 500, PLAN_DIAS: 365, PLAN_PRECIO: '60.00' },
        { PLAN_NOMBRE: 'Empresarial', PLAN_TIPO: 'V', PLAN_COMPROBANTES: 2000, PLAN_DIAS: 365, PLAN_PRECIO: '150.00' },
        { PLAN_NOMBRE: 'Compras', PLAN_TIPO: 'C', PLAN_COMPROBANTES: 300, PLAN_DIAS: 365, PLAN_PRECIO: '40.00' },
        {
          PLAN_NOMBRE: 'Autorización de imprenta',
          PLAN_TIPO: 'V',
          PLAN_CLASE: 'I',
          PLAN_COMPROBANTES: 500,
          PLAN_DIAS: 365,
          PLAN_PRECIO: '35.00',
          PLAN_DESCRIPCION: 'Comprobantes preimpresos autorizados por el SRI a través de la imprenta',
        },
        { PLAN_NOMBRE: 'Orel Básico', PLAN_TIPO: 'V', PLAN_CLASE: 'O', PLAN_COMPROBANTES: 1000, PLAN_DIAS: 365, PLAN_PRECIO: '80.00' },
      ])
      .returning();

    const companies = await tx
      .insert(empresas)
      .values([
        {
          EMP_RUC: DEMO.empresa.ruc,
          EMP_NOMBREC: 'Comercial Andina',
          EMP_NOMBRE: 'COMERCIAL ANDINA S.A.',
          EMP_CORREO: 'facturacion@comercialandina.ec',
          EMP_TELEFONO: '022345678',
          EMP_DISTRIBUIDOR: dist.ADM_CODIGO,
          EMP_DIRECCION: 'Av. Amazonas N34-120 y Av. Atahualpa, Quito',
          EMP_CONTABILIDAD: true,
          EMP_COMPROBACION: 'VERIFICADA',
        },
        {
          EMP_RUC: DEMO.ferreteria.ruc,
          EMP_NOMBREC: 'Ferretería El Tornillo',
          EMP_NOMBRE: 'FERRETERIA EL TORNILLO CIA. LTDA.',
          EMP_CORREO: 'ventas@eltornillo.ec',
          EMP_TELEFONO: '022998877',
          EMP_DISTRIBUIDOR: dist.ADM_CODIGO,
          EMP_DIRECCION: 'Calle Bolívar Oe5-24 y Guayaquil, Quito',
          EMP_CONTABILIDAD: true,
          EMP_RIMPE: 'EMPRENDEDOR',
          EMP_COMPROBACION: 'VERIFICADA',
        },
        {
          EMP_RUC: '0992397535001',
          EMP_NOMBREC: 'Distribuidora Costa Azul',
          EMP_NOMBRE: 'DISTRIBUIDORA COSTA AZUL S.A.',
          EMP_CORREO: 'info@costaazul.ec',
          EMP_TELEFONO: '042556677',
          EMP_DIRECCION: 'Av. 9 de Octubre 1415 y Av. Quito, Guayaquil',
        },
      ])
      .returning();
    const [andina, tornillo, costa] = companies;

    // The verified companies can invoice from their head office (establishment 001, emission point 001).
    const offices = await tx
      .insert(establecimientos)
      .values(
        [andina, tornillo].map((c) => ({
          EMP_CODIGO: c.EMP_CODIGO,
          EST_NUMERO: '001',
          EST_NOMBRE: 'Matriz',
          EST_DIRECCION: c.EMP_DIRECCION!,
        })),
      )
      .returning();
    await tx
      .insert(puntosEmision)
      .values(offices.map((o) => ({ EST_CODIGO: o.EST_CODIGO, PEM_NUMERO: '001', PEM_NOMBRE: 'Caja principal' })));
    // Costa Azul registered itself and waits for an administrator to check its transfer.
    await tx.insert(pagos).values({ EMP_CODIGO: costa.EMP_CODIGO, PAG_ORIGEN: 'registro', PAG_REFERENCIA: 'TRF-20260315-0042' });

    await tx.insert(planesEmpresa).values([
      {
        EMP_CODIGO: andina.EMP_CODIGO,
        PLAN_ID: plans[1].PLAN_ID,
        PLANEMPRESA_NOMBRE: plans[1].PLAN_NOMBRE,
        PLANEMPRESA_INICIO: addDays(-30),
        PLANEMPRESA_CADUCA: addDays(335),
        PLANEMPRESA_COMPROBANTES: plans[1].PLAN_COMPROBANTES,
        PLANEMPRESA_USADOS: 0,
        PLANEMPRESA_PRECIO: plans[1].PLAN_PRECIO,
        ADM_CODIGO: admin.ADM_CODIGO,
      },
      {
        EMP_CODIGO: tornillo.EMP_CODIGO,
        PLAN_ID: plans[0].PLAN_ID,
        PLANEMPRESA_NOMBRE: plans[0].PLAN_NOMBRE,
        PLANEMPRESA_INICIO: addDays(-400),
        PLANEMPRESA_CADUCA: addDays(-35),
        PLANEMPRESA_EXTENSION: 'NULL',
        PLANEMPRESA_COMPROBANTES: plans[0].PLAN_COMPROBANTES,
        PLANEMPRESA_USADOS: 100,
        PLANEMPRESA_PRECIO: plans[0].PLAN_PRECIO,
      },
    ]);

    await tx.insert(usuarios).values([
      {
        COM_CODIGO: andina.EMP_CODIGO,
        USU_USUARIO: DEMO.empresa.usuario,
        USU_CLAVE: userHash,
        USU_NOMBRE: 'Lucía Pérez',
        USU_CORREO: 'lucia.perez@comercialandina.ec',
      },
      {
        COM_CODIGO: andina.EMP_CODIGO,
        USU_USUARIO: DEMO.desactivado.usuario,
        USU_CLAVE: userHash,
        USU_NOMBRE: 'Jorge Ramírez',
        USU_CORREO: 'jorge.ramirez@comercialandina.ec',
        USU_ACTIVO: false,
      },
      {
        COM_CODIGO: tornillo.EMP_CODIGO,
        USU_USUARIO: DEMO.ferreteria.usuario,
        USU_CLAVE: userHash,
        USU_NOMBRE: 'Ana Morales',
        USU_CORREO: 'ana@eltornillo.ec',
      },
      {
        COM_CODIGO: costa.EMP_CODIGO,
        USU_USUARIO: 'costa',
        USU_CLAVE: userHash,
        USU_NOMBRE: 'Pedro Vera',
        USU_CORREO: 'pedro@costaazul.ec',
      },
    ]);

    // Menus per company: the first company has every entry, the others a shorter menu (the hardware store keeps its
    // clients but not its users' administration).
    await tx.insert(menusEmpresa).values([
      ...[101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119].map((m) => ({
        EMP_CODIGO: andina.EMP_CODIGO,
        MEN_CODIGO: m,
      })),
      ...[101, 103, 104, 105, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119].map((m) => ({
        EMP_CODIGO: tornillo.EMP_CODIGO,
        MEN_CODIGO: m,
      })),
      ...[101, 102].map((m) => ({ EMP_CODIGO: costa.EMP_CODIGO, MEN_CODIGO: m })),
    ]);

    // Support advisers a ticket can be assigned to (the products are reference data in migration 0004).
    await tx.insert(asesores).values([
      { ASE_NOMBRE: 'Daniela Cevallos', ASE_CORREO: 'daniela.cevallos@amelia.ec', ASE_IDENTIFICACION: '1714307103' },
      { ASE_NOMBRE: 'Andrés Villacís', ASE_CORREO: 'andres.villacis@amelia.ec', ASE_IDENTIFICACION: '0926687856' },
      { ASE_NOMBRE: 'Gabriela Torres', ASE_CORREO: 'gabriela.torres@amelia.ec', ASE_IDENTIFICACION: '0602910945' },
    ]);
    return { tornillo };
  });
  if (!seeded) return;
  await seedSignature(db, config, seeded.tornillo);
  // Statistics for the planner (PGlite has no autovacuum; on PostgreSQL it would come later).
  await db.execute(sql`ANALYZE`);
}

/** Password of the demo company Tornillo's signature (a certificate of a demonstration CA, valid two years). */
export const DEMO_SIGNATURE_PASSWORD = 'FirmaDemo2026!';

/**
 * The demo certificate, built once per process: making its key and encrypting the PKCS#12 is slow (docs/performance.md), and the
 * test suites seed a fresh database for every app they start.
 */
const demoSignatures = new Map<string, { p12: Buffer; certificate: ReturnType<typeof readCertificate> }>();
function demoSignature(ruc: string) {
  if (!demoSignatures.has(ruc)) {
    const desde = new Date(Date.now() - 86_400_000);
    const hasta = new Date(desde.getTime() + 2 * 365 * 86_400_000);
    const p12 = buildDemoPkcs12({ password: DEMO_SIGNATURE_PASSWORD, titular: 'ANA LUCIA MORALES VEGA', ruc, desde, hasta });
    demoSignatures.set(ruc, { p12, certificate: readCertificate(p12, DEMO_SIGNATURE_PASSWORD) });
  }
  return demoSignatures.get(ruc)!;
}

/** Ferretería El Tornillo gets a generated signature, stored sealed exactly as an upload is. */
async function seedSignature(db: Db, config: SeedConfig, company: { EMP_CODIGO: number; EMP_RUC: string }) {
  const { p12, certificate } = demoSignature(company.EMP_RUC);
  const files = createFileStore(createStorage(config.files), db, { warn: (obj, msg) => console.warn(msg, obj) });
  await storeSignature(files, secretBoxFor(config), {
    empresa: company.EMP_CODIGO,
    p12,
    filename: 'firma-el-tornillo.p12',
    password: DEMO_SIGNATURE_PASSWORD,
    certificate,
    uploader: {},
  });
}
