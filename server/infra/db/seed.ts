import { count, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { administradores, asesores, empresas, menusEmpresa, planes, planesEmpresa, usuarios } from './schema';
import { hashPassword } from '../passwords';
import { DEMO } from './demo-accounts';
import { PERFIL } from '../../../src/domain/perfiles';

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(administradores);
  return row.n === 0;
}

const addDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Spanish demo data: two administrators, three companies in different plan states, their users and menus. */
export async function seedDemo(db: Db): Promise<void> {
  const [adminHash, distHash, userHash] = await Promise.all([
    hashPassword(DEMO.admin.clave),
    hashPassword(DEMO.distribuidor.clave),
    hashPassword(DEMO.empresa.clave),
  ]);
  const seeded = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(administradores).where(eq(administradores.ADM_USUARIO, DEMO.admin.usuario));
    if (existing) return false;
    await tx.insert(administradores).values({
      ADM_USUARIO: DEMO.admin.usuario,
      ADM_CLAVE: adminHash,
      ADM_NOMBRE: 'María Fernanda Andrade',
      ADM_CORREO: 'admin@amelia.ec',
      PRF_CODIGO: PERFIL.administrador,
    });
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
        },
        {
          EMP_RUC: '1792060346001',
          EMP_NOMBREC: 'Ferretería El Tornillo',
          EMP_NOMBRE: 'FERRETERIA EL TORNILLO CIA. LTDA.',
          EMP_CORREO: 'ventas@eltornillo.ec',
          EMP_TELEFONO: '022998877',
          EMP_DISTRIBUIDOR: dist.ADM_CODIGO,
          EMP_FIRMA: 'firma-demo',
        },
        {
          EMP_RUC: '0992397535001',
          EMP_NOMBREC: 'Distribuidora Costa Azul',
          EMP_NOMBRE: 'DISTRIBUIDORA COSTA AZUL S.A.',
          EMP_CORREO: 'info@costaazul.ec',
          EMP_TELEFONO: '042556677',
        },
      ])
      .returning();
    const [andina, tornillo, costa] = companies;

    await tx.insert(planesEmpresa).values([
      {
        EMP_CODIGO: andina.EMP_CODIGO,
        PLAN_ID: plans[1].PLAN_ID,
        PLANEMPRESA_INICIO: addDays(-30),
        PLANEMPRESA_CADUCA: addDays(335),
        PLANEMPRESA_EXTENSION: 'pdf',
      },
      {
        EMP_CODIGO: tornillo.EMP_CODIGO,
        PLAN_ID: plans[0].PLAN_ID,
        PLANEMPRESA_INICIO: addDays(-400),
        PLANEMPRESA_CADUCA: addDays(-35),
        PLANEMPRESA_EXTENSION: 'NULL',
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
        USU_USUARIO: 'ferreteria',
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

    // Menus per company: the first company has every entry, the others a shorter menu.
    await tx
      .insert(menusEmpresa)
      .values([
        ...[101, 102, 103].map((m) => ({ EMP_CODIGO: andina.EMP_CODIGO, MEN_CODIGO: m })),
        ...[101, 103].map((m) => ({ EMP_CODIGO: tornillo.EMP_CODIGO, MEN_CODIGO: m })),
        ...[101, 102].map((m) => ({ EMP_CODIGO: costa.EMP_CODIGO, MEN_CODIGO: m })),
      ]);

    // Support advisers a ticket can be assigned to (the products are reference data in migration 0004).
    await tx.insert(asesores).values([
      { ASE_NOMBRE: 'Daniela Cevallos', ASE_CORREO: 'daniela.cevallos@amelia.ec', ASE_IDENTIFICACION: '1714307103' },
      { ASE_NOMBRE: 'Andrés Villacís', ASE_CORREO: 'andres.villacis@amelia.ec', ASE_IDENTIFICACION: '0926687856' },
      { ASE_NOMBRE: 'Gabriela Torres', ASE_CORREO: 'gabriela.torres@amelia.ec', ASE_IDENTIFICACION: '0602910945' },
    ]);
    return true;
  });
  // Statistics for the planner (PGlite has no autovacuum; on PostgreSQL it would come later).
  if (seeded) await db.execute(sql`ANALYZE`);
}
