import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Profiles of administration users. PRF_CODIGO 1 is an administrator and 2 a distributor (PERFIL in domain/perfiles.ts). */
export const perfiles = pgTable('perfiles', {
  PRF_CODIGO: integer('prf_codigo').primaryKey(),
  PRF_NOMBRE: varchar('prf_nombre', { length: 60 }).notNull(),
  /** An inactive profile grants nothing: its administrators keep their accounts but open no section. */
  PRF_ACTIVO: boolean('prf_activo').notNull().default(true),
});

export const administradores = pgTable('administradores', {
  ADM_CODIGO: serial('adm_codigo').primaryKey(),
  ADM_USUARIO: varchar('adm_usuario', { length: 60 }).notNull().unique(),
  ADM_CLAVE: text('adm_clave').notNull(),
  ADM_NOMBRE: varchar('adm_nombre', { length: 150 }).notNull(),
  ADM_CORREO: varchar('adm_correo', { length: 150 }),
  PRF_CODIGO: integer('prf_codigo')
    .notNull()
    .references(() => perfiles.PRF_CODIGO),
  DRB_CONTADOR: smallint('drb_contador').notNull().default(0),
  ADM_ACTIVO: boolean('adm_activo').notNull().default(true),
  /** Hash of the temporary clave set by a reset: it works until ADM_CLAVE_TEMPORAL_VENCE, once, and forces a new clave. */
  ADM_CLAVE_TEMPORAL: text('adm_clave_temporal'),
  ADM_CLAVE_TEMPORAL_VENCE: timestamp('adm_clave_temporal_vence', { withTimezone: true }),
});

export const empresas = pgTable(
  'empresas',
  {
    EMP_CODIGO: serial('emp_codigo').primaryKey(),
    EMP_RUC: varchar('emp_ruc', { length: 13 }).notNull().unique(),
    EMP_NOMBREC: varchar('emp_nombrec', { length: 200 }).notNull(),
    EMP_NOMBRE: varchar('emp_nombre', { length: 200 }).notNull(),
    EMP_CORREO: varchar('emp_correo', { length: 150 }).notNull(),
    EMP_TELEFONO: varchar('emp_telefono', { length: 20 }),
    EMP_ACTIVO: boolean('emp_activo').notNull().default(true),
    /** Administrator (distributor) the company belongs to; a distributor may enter only its own companies. */
    EMP_DISTRIBUIDOR: integer('emp_distribuidor').references(() => administradores.ADM_CODIGO),
    /** Superseded by the firmas table (migration 0009); kept only so no landed migration has to change. */
    EMP_FIRMA: text('emp_firma'),
    EMP_FECHAREGISTRO: timestamp('emp_fecharegistro', { withTimezone: true }).notNull().defaultNow(),
    /** Dirección matriz, as registered at the SRI. */
    EMP_DIRECCION: varchar('emp_direccion', { length: 300 }),
    EMP_CELULAR: varchar('emp_celular', { length: 20 }),
    EMP_CONTABILIDAD: boolean('emp_contabilidad').notNull().default(false),
    /** Resolution numbers; null when the company is not a special taxpayer / withholding agent. */
    EMP_CONTRIBUYENTE_ESPECIAL: varchar('emp_contribuyente_especial', { length: 13 }),
    EMP_AGENTE_RETENCION: varchar('emp_agente_retencion', { length: 13 }),
    /** RIMPE regime (REGIMEN_RIMPE in domain/empresas.ts): null, EMPRENDEDOR or NEGOCIO_POPULAR. */
    EMP_RIMPE: varchar('emp_rimpe', { length: 20 }),
    /** SRI environment: 1 pruebas, 2 producción. */
    EMP_AMBIENTE: smallint('emp_ambiente').notNull().default(1),
    /** Logo for printed documents (archivos). */
    EMP_LOGO: varchar('emp_logo', { length: 40 }).references(() => archivos.ARC_ID, { onDelete: 'set null' }),
    /** Check state (ESTADO_COMPROBACION in domain/empresas.ts): a registered company waits for an administrator. */
    EMP_COMPROBACION: varchar('emp_comprobacion', { length: 12 }).notNull().default('PENDIENTE'),
    EMP_MOTIVO_RECHAZO: text('emp_motivo_rechazo'),
    /** Optimistic concurrency: every update must name the version it read; a stale save gets 409. */
    EMP_VERSION: integer('emp_version').notNull().default(1),
    EMP_ACTUALIZADO: timestamp('emp_actualizado', { withTimezone: true }).notNull().defaultNow(),
    /** Expiry of the company's latest plan, kept by a trigger on planes_empresa: the list filters by plan status. */
    EMP_PLAN_CADUCA: date('emp_plan_caduca'),
    /** Expiry of the current signature certificate (firmas), null without one: the list filters by signature status. */
    EMP_FIRMA_CADUCA: date('emp_firma_caduca'),
    /** RUC, names without accents and in lower case (amelia_busqueda): what the trigram index searches. */
    EMP_BUSQUEDA: text('emp_busqueda').generatedAlwaysAs(
      (): SQL => sql`amelia_busqueda(${empresas.EMP_RUC} || ' ' || ${empresas.EMP_NOMBRE} || ' ' || ${empresas.EMP_NOMBREC})`,
    ),
  },
  (t) => [
    index('empresas_nombre_trgm').using('gin', sql`${t.EMP_NOMBRE} gin_trgm_ops`),
    index('empresas_nombrec_trgm').using('gin', sql`${t.EMP_NOMBREC} gin_trgm_ops`),
    index('empresas_busqueda_trgm').using('gin', sql`${t.EMP_BUSQUEDA} gin_trgm_ops`),
    // RUC prefix searches (LIKE '1790%') and equality
    index('empresas_ruc_prefijo').on(t.EMP_RUC.op('varchar_pattern_ops')),
    // a distributor's companies: which tickets the support desk shows it, and its company list in key order
    index('empresas_distribuidor').on(t.EMP_DISTRIBUIDOR, t.EMP_CODIGO),
    // a distributor's companies by RUC (the list's most used order): in order, without reading the others'; migration
    // 0013 adds INCLUDE (EMP_CODIGO) so deep pages are index-only (Drizzle cannot declare INCLUDE)
    index('empresas_distribuidor_ruc').on(t.EMP_DISTRIBUIDOR, t.EMP_RUC),
    index('empresas_comprobacion_id').on(t.EMP_COMPROBACION, t.EMP_CODIGO),
    index('empresas_plan_caduca').on(t.EMP_PLAN_CADUCA, t.EMP_CODIGO),
    index('empresas_firma_caduca').on(t.EMP_FIRMA_CADUCA, t.EMP_CODIGO),
    index('empresas_nombre_id').on(t.EMP_NOMBRE, t.EMP_CODIGO),
    index('empresas_nombrec_id').on(t.EMP_NOMBREC, t.EMP_CODIGO),
    index('empresas_activo_id').on(t.EMP_ACTIVO, t.EMP_CODIGO),
  ],
);

/**
 * Companies by distributor (0 for none), check state and active flag, kept by statement triggers on empresas
 * (migration 0009): the list's counts by state read a few rows instead of counting 100 000.
 */
export const empresasContadores = pgTable(
  'empresas_contadores',
  {
    EMP_DISTRIBUIDOR: integer('emp_distribuidor').notNull(),
    EMP_COMPROBACION: varchar('emp_comprobacion', { length: 12 }).notNull(),
    EMP_ACTIVO: boolean('emp_activo').notNull(),
    TOTAL: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.EMP_DISTRIBUIDOR, t.EMP_COMPROBACION, t.EMP_ACTIVO] })],
);

/** Every change to a company (data, menus, users, payments, check state, signature): who, what, before and after. */
export const empresasHistorial = pgTable(
  'empresas_historial',
  {
    HIS_ID: serial('his_id').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    HIS_FECHA: timestamp('his_fecha', { withTimezone: true }).notNull().defaultNow(),
    ADM_CODIGO: integer('adm_codigo').references(() => administradores.ADM_CODIGO, { onDelete: 'set null' }),
    USU_CODIGO: integer('usu_codigo').references(() => usuarios.USU_CODIGO, { onDelete: 'set null' }),
    /** The administrator's or company user's name at the time of the change. */
    HIS_USUARIO: varchar('his_usuario', { length: 60 }).notNull(),
    /** creacion, datos, menus, usuario, pago, comprobacion, firma, estado */
    HIS_ACCION: varchar('his_accion', { length: 20 }).notNull(),
    HIS_DESCRIPCION: text('his_descripcion').notNull(),
    /** The changed fields only, before and after (never a secret). */
    HIS_ANTES: jsonb('his_antes'),
    HIS_DESPUES: jsonb('his_despues'),
    /** The API key that made the change (USU_CODIGO is then the administrador it acts for). */
    CLA_CODIGO: integer('cla_codigo').references((): AnyPgColumn => clavesApi.CLA_CODIGO, { onDelete: 'set null' }),
  },
  (t) => [
    index('empresas_historial_empresa').on(t.EMP_CODIGO, t.HIS_ID),
    index('empresas_historial_clave')
      .on(t.CLA_CODIGO, t.HIS_ID)
      .where(sql`${t.CLA_CODIGO} IS NOT NULL`),
  ],
);

/** Establishments (3-digit code at the SRI) of a company; each has emission points. */
export const establecimientos = pgTable(
  'establecimientos',
  {
    EST_CODIGO: serial('est_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    EST_NUMERO: varchar('est_numero', { length: 3 }).notNull(),
    EST_NOMBRE: varchar('est_nombre', { length: 200 }),
    EST_DIRECCION: varchar('est_direccion', { length: 300 }).notNull(),
    EST_ACTIVO: boolean('est_activo').notNull().default(true),
  },
  (t) => [uniqueIndex('establecimientos_empresa_numero').on(t.EMP_CODIGO, t.EST_NUMERO)],
);

export const puntosEmision = pgTable(
  'puntos_emision',
  {
    PEM_CODIGO: serial('pem_codigo').primaryKey(),
    EST_CODIGO: integer('est_codigo')
      .notNull()
      .references(() => establecimientos.EST_CODIGO, { onDelete: 'cascade' }),
    PEM_NUMERO: varchar('pem_numero', { length: 3 }).notNull(),
    PEM_NOMBRE: varchar('pem_nombre', { length: 120 }),
    PEM_ACTIVO: boolean('pem_activo').notNull().default(true),
  },
  (t) => [uniqueIndex('puntos_emision_establecimiento_numero').on(t.EST_CODIGO, t.PEM_NUMERO)],
);

/** The provider's collection accounts, where companies pay (the payments name one). */
export const bancos = pgTable('bancos', {
  BAN_CODIGO: serial('ban_codigo').primaryKey(),
  BAN_NOMBRE: varchar('ban_nombre', { length: 120 }).notNull(),
  /** AHORROS or CORRIENTE */
  BAN_TIPO_CUENTA: varchar('ban_tipo_cuenta', { length: 10 }).notNull(),
  BAN_NUMERO: varchar('ban_numero', { length: 30 }).notNull(),
  BAN_ACTIVO: boolean('ban_activo').notNull().default(true),
});

/**
 * Electronic signatures (.p12) of a company. The certificate file is stored encrypted (AES-256-GCM) in archivos and
 * its password encrypted here; neither is ever returned. FIR_ACTUAL marks the one in use: a replaced signature keeps
 * its metadata (holder, issuer, serial, validity) as history, without its file.
 */
export const firmas = pgTable(
  'firmas',
  {
    FIR_CODIGO: serial('fir_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    FIR_ACTUAL: boolean('fir_actual').notNull().default(true),
    ARC_ID: varchar('arc_id', { length: 40 }).references(() => archivos.ARC_ID, { onDelete: 'set null' }),
    /** iv.tag.ciphertext, base64url (server/infra/secret-box.ts) */
    FIR_CLAVE: text('fir_clave'),
    FIR_TITULAR: varchar('fir_titular', { length: 300 }).notNull(),
    FIR_EMISOR: varchar('fir_emisor', { length: 300 }).notNull(),
    FIR_SERIE: varchar('fir_serie', { length: 80 }).notNull(),
    FIR_IDENTIFICACION: varchar('fir_identificacion', { length: 13 }),
    FIR_DESDE: timestamp('fir_desde', { withTimezone: true }).notNull(),
    FIR_HASTA: timestamp('fir_hasta', { withTimezone: true }).notNull(),
    FIR_FECHA: timestamp('fir_fecha', { withTimezone: true }).notNull().defaultNow(),
    /** Who uploaded it: an administrator or a company user. */
    ADM_CODIGO: integer('adm_codigo').references(() => administradores.ADM_CODIGO, { onDelete: 'set null' }),
    USU_CODIGO: integer('usu_codigo').references(() => usuarios.USU_CODIGO, { onDelete: 'set null' }),
  },
  (t) => [
    index('firmas_empresa').on(t.EMP_CODIGO, t.FIR_CODIGO),
    uniqueIndex('firmas_una_actual')
      .on(t.EMP_CODIGO)
      .where(sql`${t.FIR_ACTUAL}`),
  ],
);

/** Company users; COM_CODIGO is the company they belong to. */
export const usuarios = pgTable(
  'usuarios',
  {
    USU_CODIGO: serial('usu_codigo').primaryKey(),
    COM_CODIGO: integer('com_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    USU_USUARIO: varchar('usu_usuario', { length: 60 }).notNull(),
    USU_CLAVE: text('usu_clave').notNull(),
    USU_NOMBRE: varchar('usu_nombre', { length: 150 }),
    USU_CORREO: varchar('usu_correo', { length: 150 }),
    USU_ACTIVO: boolean('usu_activo').notNull().default(true),
    /** Hash of the temporary clave mailed by a recovery: it works beside USU_CLAVE until one of them is used or it expires. */
    USU_CLAVE_TEMPORAL: text('usu_clave_temporal'),
    USU_CLAVE_TEMPORAL_VENCE: timestamp('usu_clave_temporal_vence', { withTimezone: true }),
    /** The user's role in its company (ROL_EMPRESA in domain/clientes.ts): administrador, vendedor or contador. */
    USU_ROL: varchar('usu_rol', { length: 20 }).notNull().default('administrador'),
  },
  (t) => [uniqueIndex('usuarios_empresa_usuario').on(t.COM_CODIGO, t.USU_USUARIO)],
);

/**
 * The plan catalogue. PLAN_TIPO: V sales (default), C purchases. PLAN_CLASE: E electronic documents, I printing-house
 * authorizations, O Orel (domain/planes.ts). A plan that was ever sold is retired (PLAN_ACTIVO false), never deleted.
 */
export const planes = pgTable(
  'planes',
  {
    PLAN_ID: serial('plan_id').primaryKey(),
    PLAN_NOMBRE: varchar('plan_nombre', { length: 120 }).notNull(),
    PLAN_TIPO: varchar('plan_tipo', { length: 1 }).notNull().default('V'),
    PLAN_CLASE: varchar('plan_clase', { length: 1 }).notNull().default('E'),
    PLAN_COMPROBANTES: integer('plan_comprobantes').notNull(),
    PLAN_DIAS: integer('plan_dias').notNull(),
    /** USD before IVA. */
    PLAN_PRECIO: numeric('plan_precio', { precision: 10, scale: 2 }).notNull(),
    PLAN_DESCRIPCION: varchar('plan_descripcion', { length: 300 }),
    PLAN_ACTIVO: boolean('plan_activo').notNull().default(true),
  },
  (t) => [
    check('planes_tipo', sql`${t.PLAN_TIPO} IN ('V', 'C')`),
    check('planes_clase', sql`${t.PLAN_CLASE} IN ('E', 'I', 'O')`),
    check('planes_cantidades', sql`${t.PLAN_COMPROBANTES} > 0 AND ${t.PLAN_DIAS} > 0 AND ${t.PLAN_PRECIO} >= 0`),
    uniqueIndex('planes_nombre_unico').on(sql`lower(${t.PLAN_NOMBRE})`, t.PLAN_TIPO, t.PLAN_CLASE),
  ],
);

/**
 * Plans sold to companies: their own electronic-document plans (clase E), printing-house authorizations (I, with the
 * authorization document) and Orel plans (O; the /planesOrel routes call the id PLANOREL_ID). Name, documents, price
 * and type are copied at the sale, so editing the catalogue never rewrites what a company bought.
 */
export const planesEmpresa = pgTable(
  'planes_empresa',
  {
    PLANEMPRESA_ID: serial('planempresa_id').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    PLAN_ID: integer('plan_id')
      .notNull()
      .references(() => planes.PLAN_ID),
    /** The catalogue plan's name at the sale: renaming the catalogue plan does not rename what a company bought. */
    PLANEMPRESA_NOMBRE: varchar('planempresa_nombre', { length: 120 }).notNull(),
    PLANEMPRESA_CLASE: varchar('planempresa_clase', { length: 1 }).notNull().default('E'),
    PLANEMPRESA_TIPO: varchar('planempresa_tipo', { length: 1 }).notNull().default('V'),
    PLANEMPRESA_INICIO: date('planempresa_inicio').notNull(),
    PLANEMPRESA_CADUCA: date('planempresa_caduca').notNull(),
    PLANEMPRESA_COMPROBANTES: integer('planempresa_comprobantes').notNull(),
    /** Documents used so far: raised only by consumePlan() (server/modules/planesEmpresa/consumption.ts), never past the total. */
    PLANEMPRESA_USADOS: integer('planempresa_usados').notNull().default(0),
    PLANEMPRESA_PRECIO: numeric('planempresa_precio', { precision: 10, scale: 2 }).notNull(),
    /** Extension of the plan's document (the printing-house authorization), or null / 'NULL' when there is none. */
    PLANEMPRESA_EXTENSION: varchar('planempresa_extension', { length: 10 }),
    ARC_ID: varchar('arc_id', { length: 40 }).references(() => archivos.ARC_ID, { onDelete: 'set null' }),
    /** The payment it came from (the company's payments). */
    PAG_CODIGO: integer('pag_codigo').references(() => pagos.PAG_CODIGO, { onDelete: 'set null' }),
    /** Who sold it. */
    ADM_CODIGO: integer('adm_codigo').references(() => administradores.ADM_CODIGO, { onDelete: 'set null' }),
    PLANEMPRESA_OBSERVACION: varchar('planempresa_observacion', { length: 300 }),
    PLANEMPRESA_FECHA: timestamp('planempresa_fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('planes_empresa_vigente').on(t.EMP_CODIGO, t.PLANEMPRESA_CLASE, t.PLANEMPRESA_TIPO, t.PLANEMPRESA_CADUCA),
    index('planes_empresa_caduca').on(t.PLANEMPRESA_CADUCA),
    index('planes_empresa_fecha').on(t.PLANEMPRESA_FECHA),
    // How many times a catalogue plan was sold (its list's "vendidos", retire or delete) without reading every sale.
    index('planes_empresa_plan').on(t.PLAN_ID),
    check('planes_empresa_clase', sql`${t.PLANEMPRESA_CLASE} IN ('E', 'I', 'O')`),
    check('planes_empresa_tipo', sql`${t.PLANEMPRESA_TIPO} IN ('V', 'C')`),
    check('planes_empresa_fechas', sql`${t.PLANEMPRESA_CADUCA} >= ${t.PLANEMPRESA_INICIO}`),
    check('planes_empresa_usados', sql`${t.PLANEMPRESA_USADOS} >= 0 AND ${t.PLANEMPRESA_USADOS} <= ${t.PLANEMPRESA_COMPROBANTES}`),
  ],
);

/** Global settings, read by position (see src/settings/positions.ts). CON_CODIGO fixes the order. */
export const configuraciones = pgTable('configuraciones', {
  CON_CODIGO: integer('con_codigo').primaryKey(),
  CON_NOMBRE: varchar('con_nombre', { length: 120 }).notNull(),
  CON_VALOR1: text('con_valor1'),
  CON_VALOR2: text('con_valor2'),
  CON_VALOR3: text('con_valor3'),
  CON_VALOR4: text('con_valor4'),
  CON_VALOR5: text('con_valor5'),
  CON_VALOR6: text('con_valor6'),
  CON_VALOR7: text('con_valor7'),
  CON_VALOR8: text('con_valor8'),
});

/** Menu entries of both areas. MEN_AREA: 'admin' or 'empresa'. MEN_RUTA is the route inside the area. */
export const menus = pgTable('menus', {
  MEN_CODIGO: serial('men_codigo').primaryKey(),
  MEN_AREA: varchar('men_area', { length: 10 }).notNull(),
  MEN_NOMBRE: varchar('men_nombre', { length: 80 }).notNull(),
  MEN_RUTA: varchar('men_ruta', { length: 120 }).notNull(),
  MEN_ICONO: varchar('men_icono', { length: 40 }).notNull().default('circle'),
  MEN_ORDEN: integer('men_orden').notNull().default(0),
  /** The API permission the entry grants (server/core/menu-access.ts): routes tagged with it answer only to whom has it. */
  MEN_PERMISO: varchar('men_permiso', { length: 60 }).notNull().default(''),
  MEN_ACTIVO: boolean('men_activo').notNull().default(true),
});

export const menusRoles = pgTable(
  'menus_roles',
  {
    PRF_CODIGO: integer('prf_codigo')
      .notNull()
      .references(() => perfiles.PRF_CODIGO, { onDelete: 'cascade' }),
    MEN_CODIGO: integer('men_codigo')
      .notNull()
      .references(() => menus.MEN_CODIGO, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.PRF_CODIGO, t.MEN_CODIGO] })],
);

export const menusEmpresa = pgTable(
  'menus_empresa',
  {
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    MEN_CODIGO: integer('men_codigo')
      .notNull()
      .references(() => menus.MEN_CODIGO, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.EMP_CODIGO, t.MEN_CODIGO] })],
);

/** Every time a distributor enters a company's application as that company. */
export const ingresos = pgTable(
  'ingresos',
  {
    ING_CODIGO: serial('ing_codigo').primaryKey(),
    ADM_CODIGO: integer('adm_codigo')
      .notNull()
      .references(() => administradores.ADM_CODIGO),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    USU_CODIGO: integer('usu_codigo')
      .notNull()
      .references(() => usuarios.USU_CODIGO, { onDelete: 'cascade' }),
    ING_IP: varchar('ing_ip', { length: 64 }),
    ING_FECHA: timestamp('ing_fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ingresos_emp').on(t.EMP_CODIGO)],
);

/** Uploaded files. The bytes live under ARC_ID in DATA_DIR/files or the FILES_URL bucket; the name is never used as a path. */
export const archivos = pgTable('archivos', {
  ARC_ID: varchar('arc_id', { length: 40 }).primaryKey(),
  ARC_NOMBRE: varchar('arc_nombre', { length: 255 }).notNull(),
  ARC_TIPO: varchar('arc_tipo', { length: 100 }).notNull(),
  ARC_TAMANO: integer('arc_tamano').notNull(),
  ARC_PROPIETARIO: varchar('arc_propietario', { length: 60 }).notNull(),
  ARC_FECHA: timestamp('arc_fecha', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A company's payments: the proof uploaded at registration (PAG_ORIGEN 'registro') and those an administrator records
 * (amount, date, bank, reference, proof file).
 */
export const pagos = pgTable(
  'pagos',
  {
    PAG_CODIGO: serial('pag_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    PAG_ORIGEN: varchar('pag_origen', { length: 10 }).notNull().default('admin'),
    PAG_REFERENCIA: varchar('pag_referencia', { length: 60 }).notNull(),
    /** USD with 2 decimals; null for a registration proof (the amount is read from the file). */
    PAG_MONTO: numeric('pag_monto', { precision: 12, scale: 2 }),
    PAG_FECHAPAGO: date('pag_fechapago'),
    BAN_CODIGO: integer('ban_codigo').references(() => bancos.BAN_CODIGO),
    ARC_ID: varchar('arc_id', { length: 40 }).references(() => archivos.ARC_ID),
    ADM_CODIGO: integer('adm_codigo').references(() => administradores.ADM_CODIGO, { onDelete: 'set null' }),
    PAG_FECHA: timestamp('pag_fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pagos_empresa').on(t.EMP_CODIGO, t.PAG_CODIGO), index('pagos_banco').on(t.BAN_CODIGO)],
);

/** Products a support ticket can be about (reference data in migration 0004_productos_base). */
export const productos = pgTable(
  'productos',
  {
    PROD_ID: serial('prod_id').primaryKey(),
    PROD_NOMBRE: varchar('prod_nombre', { length: 120 }).notNull(),
    PROD_ACTIVO: boolean('prod_activo').notNull().default(true),
  },
  (t) => [uniqueIndex('productos_nombre_unico').on(sql`lower(${t.PROD_NOMBRE})`)],
);

/** Support advisers a ticket can be assigned to. */
export const asesores = pgTable(
  'asesores',
  {
    ASE_CODIGO: serial('ase_codigo').primaryKey(),
    ASE_NOMBRE: varchar('ase_nombre', { length: 150 }).notNull(),
    ASE_CORREO: varchar('ase_correo', { length: 150 }),
    ASE_IDENTIFICACION: varchar('ase_identificacion', { length: 13 }).notNull().unique(),
    ASE_TELEFONO: varchar('ase_telefono', { length: 20 }),
    /** What the adviser attends: SOPORTE (tickets), VENTAS or CONTABLE (domain/asesores.ts). */
    ASE_TIPO: varchar('ase_tipo', { length: 10 }).notNull().default('SOPORTE'),
    ASE_ACTIVO: boolean('ase_activo').notNull().default(true),
  },
  (t) => [index('asesores_nombre_trgm').using('gin', sql`${t.ASE_NOMBRE} gin_trgm_ops`)],
);

/**
 * Support tickets (public form + support desk). SPT_MENSAJE and SPT_RESPUESTA hold sanitized HTML.
 * The customer's attachment is SPT_ARCHIVOCLIENTE (its name also in SPT_NOMBREARCHIVO), the adviser's SPT_ARCHIVOASESOR.
 */
export const soporte = pgTable(
  'soporte',
  {
    SPT_ID: serial('spt_id').primaryKey(),
    SPT_PRODUCTOS: integer('spt_productos')
      .notNull()
      .references(() => productos.PROD_ID),
    SPT_RUC: varchar('spt_ruc', { length: 13 }).notNull(),
    SPT_CLIENTENOMBRE: varchar('spt_clientenombre', { length: 200 }).notNull(),
    SPT_CLIENTECORREO: varchar('spt_clientecorreo', { length: 150 }).notNull(),
    SPT_CLIENTETELEFONO: varchar('spt_clientetelefono', { length: 10 }),
    SPT_ASUNTO: varchar('spt_asunto', { length: 4 }).notNull(),
    SPT_MENSAJE: text('spt_mensaje').notNull(),
    SPT_ESTADO: varchar('spt_estado', { length: 12 }).notNull().default('ABIERTO'),
    SPT_FECHA: timestamp('spt_fecha', { withTimezone: true }).notNull().defaultNow(),
    SPT_ACTUALIZADO: timestamp('spt_actualizado', { withTimezone: true }).notNull().defaultNow(),
    SPT_NOMBREARCHIVO: varchar('spt_nombrearchivo', { length: 255 }),
    SPT_ARCHIVOCLIENTE: varchar('spt_archivocliente', { length: 40 }).references(() => archivos.ARC_ID, { onDelete: 'set null' }),
    SPT_ARCHIVOASESOR: varchar('spt_archivoasesor', { length: 40 }).references(() => archivos.ARC_ID, { onDelete: 'set null' }),
    ASE_CODIGO: integer('ase_codigo').references(() => asesores.ASE_CODIGO),
    SPT_RESPUESTA: text('spt_respuesta'),
    /** True once the confirmation to the customer and the notice to support went out (soporte/correo). */
    SPT_CORREO_ENVIADO: boolean('spt_correo_enviado').notNull().default(false),
  },
  (t) => [
    index('soporte_clientenombre_trgm').using('gin', sql`${t.SPT_CLIENTENOMBRE} gin_trgm_ops`),
    // A filter's column, then the key: the index serves the filter and the list's order (SPT_ID, or SPT_FECHA then
    // SPT_ID) together, so a page (and its OFFSET) walks this index instead of the primary key testing every row.
    index('soporte_estado_id').on(t.SPT_ESTADO, t.SPT_ID),
    index('soporte_fecha_id').on(t.SPT_FECHA, t.SPT_ID),
    // varchar_pattern_ops: serves both equality and prefix (LIKE '1714307103%') searches by RUC/cédula.
    index('soporte_ruc').on(t.SPT_RUC.op('varchar_pattern_ops')),
    index('soporte_asesor_id').on(t.ASE_CODIGO, t.SPT_ID),
    // "Sin asesor" (IS NULL is no equality for the planner: (ASE_CODIGO, SPT_ID) would not order its rows by SPT_ID).
    index('soporte_sin_asesor')
      .on(t.SPT_ID)
      .where(sql`${t.ASE_CODIGO} IS NULL`),
    index('soporte_producto_id').on(t.SPT_PRODUCTOS, t.SPT_ID),
    index('soporte_asunto_id').on(t.SPT_ASUNTO, t.SPT_ID),
  ],
);

/**
 * Tickets by state and, of them, those without an adviser: kept by statement triggers on soporte (migration
 * 0008_soporte_contadores), so the desk's summary reads a few rows instead of counting the whole table.
 */
export const soporteContadores = pgTable('soporte_contadores', {
  SPT_ESTADO: varchar('spt_estado', { length: 12 }).primaryKey(),
  TOTAL: bigint('total', { mode: 'number' }).notNull().default(0),
  SIN_ASESOR: bigint('sin_asesor', { mode: 'number' }).notNull().default(0),
});

/** Every change to a ticket: who (administrator, or null for the customer), what, when. */
export const soporteHistorial = pgTable(
  'soporte_historial',
  {
    HIS_ID: serial('his_id').primaryKey(),
    SPT_ID: integer('spt_id')
      .notNull()
      .references(() => soporte.SPT_ID, { onDelete: 'cascade' }),
    HIS_FECHA: timestamp('his_fecha', { withTimezone: true }).notNull().defaultNow(),
    ADM_CODIGO: integer('adm_codigo').references(() => administradores.ADM_CODIGO, { onDelete: 'set null' }),
    /** ADM_USUARIO at the time of the change, or 'cliente'. */
    HIS_USUARIO: varchar('his_usuario', { length: 60 }).notNull(),
    /** creacion, archivo_cliente, asignacion, estado, archivo_asesor, respuesta */
    HIS_ACCION: varchar('his_accion', { length: 20 }).notNull(),
    HIS_DESCRIPCION: text('his_descripcion').notNull(),
    HIS_ESTADO_ANTERIOR: varchar('his_estado_anterior', { length: 12 }),
    HIS_ESTADO_NUEVO: varchar('his_estado_nuevo', { length: 12 }),
    HIS_COMENTARIO: text('his_comentario'),
  },
  (t) => [index('soporte_historial_ticket').on(t.SPT_ID, t.HIS_ID)],
);

/**
 * Every reply of the desk to a ticket's customer, oldest first by SRE_ID (soporte.SPT_RESPUESTA keeps the last one).
 * The author's user and name are copied at the time: renaming or deleting the administrator rewrites no reply.
 */
export const soporteRespuestas = pgTable(
  'soporte_respuestas',
  {
    SRE_ID: serial('sre_id').primaryKey(),
    SPT_ID: integer('spt_id')
      .notNull()
      .references(() => soporte.SPT_ID, { onDelete: 'cascade' }),
    SRE_FECHA: timestamp('sre_fecha', { withTimezone: true }).notNull().defaultNow(),
    ADM_CODIGO: integer('adm_codigo').references(() => administradores.ADM_CODIGO, { onDelete: 'set null' }),
    /** ADM_USUARIO at the time; null only for a reply older than this table whose author was not recorded. */
    SRE_USUARIO: varchar('sre_usuario', { length: 60 }),
    /** ADM_NOMBRE at the time. */
    SRE_NOMBRE: varchar('sre_nombre', { length: 150 }),
    /** Sanitized HTML, as sent to the customer. */
    SRE_HTML: text('sre_html').notNull(),
  },
  (t) => [index('soporte_respuestas_ticket').on(t.SPT_ID, t.SRE_ID)],
);

/**
 * Signed-in sessions, one per company or administration token (SES_ID is the token's jti). Guards read the row
 * with the account's active flag, so logout, a clave change or a deactivation ends tokens on every API instance.
 * A distributor's session inside a company has SES_TIPO 'empresa', the company user, and the distributor in ADM_CODIGO.
 */
export const sesiones = pgTable(
  'sesiones',
  {
    SES_ID: varchar('ses_id', { length: 32 }).primaryKey(),
    SES_TIPO: varchar('ses_tipo', { length: 10 }).notNull(),
    USU_CODIGO: integer('usu_codigo').references(() => usuarios.USU_CODIGO, { onDelete: 'cascade' }),
    ADM_CODIGO: integer('adm_codigo').references(() => administradores.ADM_CODIGO, { onDelete: 'cascade' }),
    /** Signed in with a temporary clave: every company call but changing the clave and logging out answers 403. */
    SES_CAMBIAR_CLAVE: boolean('ses_cambiar_clave').notNull().default(false),
    SES_CREADA: timestamp('ses_creada', { withTimezone: true }).notNull().defaultNow(),
    SES_VENCE: timestamp('ses_vence', { withTimezone: true }).notNull(),
    SES_REVOCADA: timestamp('ses_revocada', { withTimezone: true }),
    /**
     * The administration session a distributor's company session was opened from: the company session lasts only
     * while that one does (its logout, expiry or deletion ends it).
     */
    SES_ORIGEN: varchar('ses_origen', { length: 32 }).references((): AnyPgColumn => sesiones.SES_ID, { onDelete: 'cascade' }),
  },
  (t) => [
    index('sesiones_usuario').on(t.USU_CODIGO),
    index('sesiones_admin').on(t.ADM_CODIGO),
    index('sesiones_vence').on(t.SES_VENCE),
    index('sesiones_origen').on(t.SES_ORIGEN),
  ],
);

/**
 * Counters of the rate limits (failed sign-ins, recoveries, registrations, tickets), shared by every API
 * instance. INT_CLAVE names the counter ("login:ip:1.2.3.4"); it starts over once INT_VENCE passes.
 */
export const intentos = pgTable(
  'intentos',
  {
    INT_CLAVE: varchar('int_clave', { length: 300 }).primaryKey(),
    INT_CUENTA: integer('int_cuenta').notNull(),
    INT_ULTIMO: timestamp('int_ultimo', { withTimezone: true }).notNull(),
    INT_VENCE: timestamp('int_vence', { withTimezone: true }).notNull(),
  },
  (t) => [index('intentos_vence').on(t.INT_VENCE)],
);

/**
 * The back office's audit log: every change to the resources of the administration (advisers, banks, profiles, menus,
 * administrators, settings, and every later one), who made it, when, and the changed values before and after (never a
 * secret). Written in the transaction of the change by server/core/audit.ts.
 */
export const auditoria = pgTable(
  'auditoria',
  {
    AUD_ID: serial('aud_id').primaryKey(),
    AUD_FECHA: timestamp('aud_fecha', { withTimezone: true }).notNull().defaultNow(),
    ADM_CODIGO: integer('adm_codigo').references(() => administradores.ADM_CODIGO, { onDelete: 'set null' }),
    /** The administrator's usuario at the time of the change. */
    AUD_USUARIO: varchar('aud_usuario', { length: 60 }).notNull(),
    /** The resource, as the web app and the API name it: asesores, bancos, perfiles, menus, administradores, configuraciones... */
    AUD_RECURSO: varchar('aud_recurso', { length: 40 }).notNull(),
    /** The record's id, as text. */
    AUD_REGISTRO: varchar('aud_registro', { length: 60 }).notNull(),
    /** creacion, edicion, eliminacion, desactivacion, activacion, clave, menus... */
    AUD_ACCION: varchar('aud_accion', { length: 20 }).notNull(),
    AUD_ANTES: jsonb('aud_antes'),
    AUD_DESPUES: jsonb('aud_despues'),
  },
  (t) => [
    index('auditoria_fecha').on(t.AUD_FECHA),
    index('auditoria_recurso').on(t.AUD_RECURSO, t.AUD_FECHA),
    index('auditoria_admin').on(t.ADM_CODIGO, t.AUD_FECHA),
  ],
);

/** Client types (GET /api/tipoClientes): one catalogue for every company. */
export const tiposCliente = pgTable('tipos_cliente', {
  TCL_CODIGO: integer('tcl_codigo').primaryKey(),
  TCL_NOMBRE: varchar('tcl_nombre', { length: 60 }).notNull(),
});

/** Client groups (GET /api/grupoClientes): each company keeps its own. */
export const gruposCliente = pgTable(
  'grupos_cliente',
  {
    GCL_CODIGO: serial('gcl_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    GCL_NOMBRE: varchar('gcl_nombre', { length: 60 }).notNull(),
  },
  (t) => [uniqueIndex('grupos_cliente_nombre').on(t.EMP_CODIGO, t.GCL_NOMBRE)],
);

/** Legal types (GET /api/tipJuridica/{tipoIdentificacion}): which apply to each identification type. */
export const tiposJuridicos = pgTable('tipos_juridicos', {
  TJU_CODIGO: integer('tju_codigo').primaryKey(),
  TJU_NOMBRE: varchar('tju_nombre', { length: 60 }).notNull(),
  /** The identification types (SRI codes, comma-separated) it applies to. */
  TJU_IDENTIFICACIONES: varchar('tju_identificaciones', { length: 20 }).notNull(),
});

/**
 * A company's clients. CLI_TIPO_IDENTIFICACION is the SRI code (04 RUC, 05 cédula, 06 pasaporte, 07 consumidor final,
 * 08 exterior); the identification is unique within the company. CLI_VENDEDOR is the company user who sells to the
 * client (a seller sees only theirs). CLI_BANDERAS keeps the last taxpayer-flag lookup (fantasma, especial, agente de
 * retención, RIMPE, catastro) with its date.
 */
export const clientes = pgTable(
  'clientes',
  {
    CLI_CODIGO: serial('cli_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    CLI_TIPO_IDENTIFICACION: varchar('cli_tipo_identificacion', { length: 2 }).notNull(),
    CLI_IDENTIFICACION: varchar('cli_identificacion', { length: 20 }).notNull(),
    CLI_RAZON_SOCIAL: varchar('cli_razon_social', { length: 300 }).notNull(),
    CLI_NOMBRE_COMERCIAL: varchar('cli_nombre_comercial', { length: 300 }),
    CLI_CORREOS: text('cli_correos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    CLI_TELEFONOS: text('cli_telefonos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    CLI_DIRECCION: varchar('cli_direccion', { length: 300 }),
    TCL_CODIGO: integer('tcl_codigo').references(() => tiposCliente.TCL_CODIGO),
    GCL_CODIGO: integer('gcl_codigo').references(() => gruposCliente.GCL_CODIGO, { onDelete: 'set null' }),
    TJU_CODIGO: integer('tju_codigo').references(() => tiposJuridicos.TJU_CODIGO),
    CLI_VENDEDOR: integer('cli_vendedor').references(() => usuarios.USU_CODIGO, { onDelete: 'set null' }),
    CLI_DIAS_CREDITO: integer('cli_dias_credito').notNull().default(0),
    CLI_LIMITE_CREDITO: numeric('cli_limite_credito', { precision: 14, scale: 2 }).notNull().default('0'),
    CLI_ACTIVO: boolean('cli_activo').notNull().default(true),
    CLI_OBSERVACION: text('cli_observacion'),
    /** The company's single consumidor-final client (9999999999999): it cannot be edited nor deleted. */
    CLI_CONSUMIDOR_FINAL: boolean('cli_consumidor_final').notNull().default(false),
    CLI_BANDERAS: jsonb('cli_banderas'),
    CLI_CREADO: timestamp('cli_creado', { withTimezone: true }).notNull().defaultNow(),
    CLI_ACTUALIZADO: timestamp('cli_actualizado', { withTimezone: true }).notNull().defaultNow(),
    /** What the name search indexes: identification and names, lower case without accents (amelia_busqueda). */
    CLI_BUSQUEDA: text('cli_busqueda').generatedAlwaysAs(
      (): SQL =>
        sql`amelia_busqueda(${clientes.CLI_IDENTIFICACION} || ' ' || ${clientes.CLI_RAZON_SOCIAL} || ' ' || coalesce(${clientes.CLI_NOMBRE_COMERCIAL}, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('clientes_identificacion').on(t.EMP_CODIGO, t.CLI_IDENTIFICACION),
    index('clientes_empresa').on(t.EMP_CODIGO, t.CLI_CODIGO),
    index('clientes_vendedor').on(t.EMP_CODIGO, t.CLI_VENDEDOR, t.CLI_CODIGO),
    // The group filter, newest first within the company (the list's default order).
    index('clientes_grupo').on(t.EMP_CODIGO, t.GCL_CODIGO, t.CLI_CODIGO),
    // The list sorted by name within a company (and a search's window in that order).
    index('clientes_nombre').on(t.EMP_CODIGO, t.CLI_RAZON_SOCIAL, t.CLI_CODIGO),
    index('clientes_busqueda_trgm').using('gin', t.CLI_BUSQUEDA.op('gin_trgm_ops')),
    uniqueIndex('clientes_un_consumidor_final')
      .on(t.EMP_CODIGO)
      .where(sql`${t.CLI_CONSUMIDOR_FINAL}`),
  ],
);

/** Files kept on a client (PDF, images, office files; 15 MB each), stored through infra/storage. */
export const clientesDocumentos = pgTable(
  'clientes_documentos',
  {
    CDO_ID: serial('cdo_id').primaryKey(),
    CLI_CODIGO: integer('cli_codigo')
      .notNull()
      .references(() => clientes.CLI_CODIGO, { onDelete: 'cascade' }),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    CDO_NOMBRE: varchar('cdo_nombre', { length: 200 }).notNull(),
    CDO_RUTA: text('cdo_ruta').notNull(),
    CDO_TIPO: varchar('cdo_tipo', { length: 100 }).notNull(),
    CDO_BYTES: integer('cdo_bytes').notNull(),
    CDO_FECHA: timestamp('cdo_fecha', { withTimezone: true }).notNull().defaultNow(),
    USU_CODIGO: integer('usu_codigo').references(() => usuarios.USU_CODIGO, { onDelete: 'set null' }),
  },
  (t) => [index('clientes_documentos_cliente').on(t.CLI_CODIGO, t.CDO_ID)],
);

/** Each email or WhatsApp sent to a client: who, when, the channel, where to, and how it went. */
export const clientesEnvios = pgTable(
  'clientes_envios',
  {
    CEN_ID: serial('cen_id').primaryKey(),
    CLI_CODIGO: integer('cli_codigo')
      .notNull()
      .references(() => clientes.CLI_CODIGO, { onDelete: 'cascade' }),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    USU_CODIGO: integer('usu_codigo').references(() => usuarios.USU_CODIGO, { onDelete: 'set null' }),
    /** correo or whatsapp. */
    CEN_CANAL: varchar('cen_canal', { length: 10 }).notNull(),
    CEN_DESTINO: text('cen_destino').notNull(),
    CEN_ASUNTO: varchar('cen_asunto', { length: 200 }),
    /** enviado, error, or enlace (a wa.me link opened by the user, when the Cloud API is not configured). */
    CEN_RESULTADO: varchar('cen_resultado', { length: 10 }).notNull(),
    CEN_DETALLE: text('cen_detalle'),
    CEN_FECHA: timestamp('cen_fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clientes_envios_cliente').on(t.CLI_CODIGO, t.CEN_ID)],
);

/** Answers of the external lookups (RUC, cédula, taxpayer flags), kept for CONSULTAS_CACHE_SEGUNDOS. */
export const consultasCache = pgTable(
  'consultas_cache',
  {
    CCA_CLAVE: varchar('cca_clave', { length: 120 }).primaryKey(),
    CCA_VALOR: jsonb('cca_valor').notNull(),
    CCA_VENCE: timestamp('cca_vence', { withTimezone: true }).notNull(),
  },
  (t) => [index('consultas_cache_vence').on(t.CCA_VENCE)],
);

/**
 * A company's catalogue of the products and services it invoices (the support desk's `productos` are another thing:
 * what a ticket is about). Prices keep up to 6 decimals, as the SRI's precioUnitario; the IVA and ICE codes are the
 * SRI's codigoPorcentaje (domain/facturas/catalogos.ts).
 */
export const catalogo = pgTable(
  'catalogo',
  {
    CAT_CODIGO: serial('cat_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    CAT_PRINCIPAL: varchar('cat_principal', { length: 25 }).notNull(),
    CAT_AUXILIAR: varchar('cat_auxiliar', { length: 25 }),
    CAT_DESCRIPCION: varchar('cat_descripcion', { length: 300 }).notNull(),
    /** B bien, S servicio. */
    CAT_TIPO: varchar('cat_tipo', { length: 1 }).notNull().default('B'),
    CAT_PRECIO: numeric('cat_precio', { precision: 18, scale: 6 }).notNull(),
    CAT_IVA: varchar('cat_iva', { length: 2 }).notNull(),
    CAT_ICE_CODIGO: varchar('cat_ice_codigo', { length: 4 }),
    CAT_ICE_TARIFA: numeric('cat_ice_tarifa', { precision: 7, scale: 2 }),
    CAT_ACTIVO: boolean('cat_activo').notNull().default(true),
    CAT_CREADO: timestamp('cat_creado', { withTimezone: true }).notNull().defaultNow(),
    CAT_ACTUALIZADO: timestamp('cat_actualizado', { withTimezone: true }).notNull().defaultNow(),
    /** What the search indexes: codes and description, lower case without accents (amelia_busqueda). */
    CAT_BUSQUEDA: text('cat_busqueda').generatedAlwaysAs(
      (): SQL =>
        sql`amelia_busqueda(${catalogo.CAT_PRINCIPAL} || ' ' || coalesce(${catalogo.CAT_AUXILIAR}, '') || ' ' || ${catalogo.CAT_DESCRIPCION})`,
    ),
  },
  (t) => [
    uniqueIndex('catalogo_principal').on(t.EMP_CODIGO, sql`lower(${t.CAT_PRINCIPAL})`),
    index('catalogo_empresa').on(t.EMP_CODIGO, t.CAT_CODIGO),
    index('catalogo_descripcion').on(t.EMP_CODIGO, t.CAT_DESCRIPCION, t.CAT_CODIGO),
    index('catalogo_busqueda_trgm').using('gin', t.CAT_BUSQUEDA.op('gin_trgm_ops')),
  ],
);

/**
 * A company's suppliers (the purchase side): who it buys from, receives invoices of, withholds on and issues
 * liquidaciones de compra to. PRV_TIPO_IDENTIFICACION is the SRI code (04 RUC, 05 cédula, 06 pasaporte, 08 exterior);
 * the identification is unique within the company. PRV_BANDERAS keeps the last taxpayer-flag lookup (fantasma,
 * especial, agente de retención, RIMPE) with its date, as CLI_BANDERAS does.
 */
export const proveedores = pgTable(
  'proveedores',
  {
    PRV_CODIGO: serial('prv_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    PRV_TIPO_IDENTIFICACION: varchar('prv_tipo_identificacion', { length: 2 }).notNull(),
    PRV_IDENTIFICACION: varchar('prv_identificacion', { length: 20 }).notNull(),
    PRV_RAZON_SOCIAL: varchar('prv_razon_social', { length: 300 }).notNull(),
    PRV_NOMBRE_COMERCIAL: varchar('prv_nombre_comercial', { length: 300 }),
    PRV_CORREOS: text('prv_correos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    PRV_TELEFONOS: text('prv_telefonos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    PRV_DIRECCION: varchar('prv_direccion', { length: 300 }),
    /** Whom to talk to at the supplier. */
    PRV_CONTACTO: varchar('prv_contacto', { length: 200 }),
    PRV_DIAS_CREDITO: integer('prv_dias_credito').notNull().default(0),
    PRV_ACTIVO: boolean('prv_activo').notNull().default(true),
    PRV_OBSERVACION: text('prv_observacion'),
    PRV_BANDERAS: jsonb('prv_banderas'),
    PRV_CREADO: timestamp('prv_creado', { withTimezone: true }).notNull().defaultNow(),
    PRV_ACTUALIZADO: timestamp('prv_actualizado', { withTimezone: true }).notNull().defaultNow(),
    /** What the name search indexes: identification and names, lower case without accents (amelia_busqueda). */
    PRV_BUSQUEDA: text('prv_busqueda').generatedAlwaysAs(
      (): SQL =>
        sql`amelia_busqueda(${proveedores.PRV_IDENTIFICACION} || ' ' || ${proveedores.PRV_RAZON_SOCIAL} || ' ' || coalesce(${proveedores.PRV_NOMBRE_COMERCIAL}, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('proveedores_identificacion').on(t.EMP_CODIGO, t.PRV_IDENTIFICACION),
    index('proveedores_empresa').on(t.EMP_CODIGO, t.PRV_CODIGO),
    index('proveedores_nombre').on(t.EMP_CODIGO, t.PRV_RAZON_SOCIAL, t.PRV_CODIGO),
    index('proveedores_busqueda_trgm').using('gin', t.PRV_BUSQUEDA.op('gin_trgm_ops')),
  ],
);

/**
 * The carriers (transportistas) a company's guías de remisión name: who drives the goods (a transport company by its
 * RUC, a driver by cédula or passport) and the plate of the vehicle they usually bring, which each guía may change.
 */
export const transportistas = pgTable(
  'transportistas',
  {
    TRA_CODIGO: serial('tra_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    /** 04 RUC, 05 cédula, 06 pasaporte, 08 identificación del exterior (tipoIdentificacionTransportista). */
    TRA_TIPO_IDENTIFICACION: varchar('tra_tipo_identificacion', { length: 2 }).notNull(),
    TRA_IDENTIFICACION: varchar('tra_identificacion', { length: 20 }).notNull(),
    TRA_RAZON_SOCIAL: varchar('tra_razon_social', { length: 300 }).notNull(),
    /** The vehicle's plate, as the guía's placa carries it (up to 20 characters). */
    TRA_PLACA: varchar('tra_placa', { length: 20 }).notNull(),
    TRA_CORREOS: text('tra_correos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    TRA_TELEFONOS: text('tra_telefonos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    TRA_DIRECCION: varchar('tra_direccion', { length: 300 }),
    TRA_ACTIVO: boolean('tra_activo').notNull().default(true),
    TRA_OBSERVACION: text('tra_observacion'),
    TRA_CREADO: timestamp('tra_creado', { withTimezone: true }).notNull().defaultNow(),
    TRA_ACTUALIZADO: timestamp('tra_actualizado', { withTimezone: true }).notNull().defaultNow(),
    /** What the name search indexes: identification, name and plate, lower case without accents (amelia_busqueda). */
    TRA_BUSQUEDA: text('tra_busqueda').generatedAlwaysAs(
      (): SQL =>
        sql`amelia_busqueda(${transportistas.TRA_IDENTIFICACION} || ' ' || ${transportistas.TRA_RAZON_SOCIAL} || ' ' || ${transportistas.TRA_PLACA})`,
    ),
  },
  (t) => [
    uniqueIndex('transportistas_identificacion').on(t.EMP_CODIGO, t.TRA_IDENTIFICACION),
    index('transportistas_empresa').on(t.EMP_CODIGO, t.TRA_CODIGO),
    index('transportistas_nombre').on(t.EMP_CODIGO, t.TRA_RAZON_SOCIAL, t.TRA_CODIGO),
    index('transportistas_busqueda_trgm').using('gin', t.TRA_BUSQUEDA.op('gin_trgm_ops')),
  ],
);

/**
 * Every SRI document the company issues (the table keeps the name of its first type): FAC_TIPO is its codDoc (01
 * factura, 03 liquidación de compra, 04 nota de crédito, 05 nota de débito, 07 comprobante de retención). A sale's
 * recipient is a client (CLI_CODIGO), a purchase's a supplier (PRV_CODIGO): exactly one of them is set. A draft (BORRADOR) has no number, key or XML; issuing assigns the
 * emission point's next sequential of its type, the access key and the signed XML in one transaction (FIRMADA); the SRI
 * states follow (domain/comprobantes/estados.ts). Amounts are the server's own calculation.
 */
export const facturas = pgTable(
  'facturas',
  {
    FAC_CODIGO: serial('fac_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    PEM_CODIGO: integer('pem_codigo')
      .notNull()
      .references(() => puntosEmision.PEM_CODIGO),
    /** A sale's buyer (01, 04, 05); null for a document issued to a supplier (migration 0030). */
    CLI_CODIGO: integer('cli_codigo').references(() => clientes.CLI_CODIGO),
    /** The supplier of a liquidación de compra (03) or the subject of a retención (07). */
    PRV_CODIGO: integer('prv_codigo').references(() => proveedores.PRV_CODIGO),
    /** The carrier of a guía de remisión (06): the one its infoGuiaRemision names (migration 0032). */
    TRA_CODIGO: integer('tra_codigo').references(() => transportistas.TRA_CODIGO),
    /**
     * The SRI's codDoc: 01 factura, 03 liquidación de compra, 04 nota de crédito, 05 nota de débito, 06 guía de
     * remisión, 07 retención.
     */
    FAC_TIPO: varchar('fac_tipo', { length: 2 }).notNull().default('01'),
    /** A note's invoice (codDocModificado 01): the AUTORIZADA factura of the same company it corrects. */
    FAC_MODIFICA: integer('fac_modifica').references((): AnyPgColumn => facturas.FAC_CODIGO),
    /** A note's reason (motivo of a nota de crédito; the RIDE and the lists show it for both notes). */
    FAC_MOTIVO: varchar('fac_motivo', { length: 300 }),
    /** BORRADOR, FIRMADA, then the SRI's (domain/facturas). */
    FAC_ESTADO: varchar('fac_estado', { length: 16 }).notNull().default('BORRADOR'),
    /** The emission date (America/Guayaquil). */
    FAC_FECHA: date('fac_fecha').notNull(),
    FAC_SECUENCIAL: integer('fac_secuencial'),
    /** 001-001-000000123, once issued. */
    FAC_NUMERO: varchar('fac_numero', { length: 17 }),
    FAC_CLAVE_ACCESO: varchar('fac_clave_acceso', { length: 49 }).unique(),
    FAC_AMBIENTE: smallint('fac_ambiente'),
    FAC_SUBTOTAL: numeric('fac_subtotal', { precision: 14, scale: 2 }).notNull().default('0'),
    FAC_DESCUENTO: numeric('fac_descuento', { precision: 14, scale: 2 }).notNull().default('0'),
    FAC_IVA: numeric('fac_iva', { precision: 14, scale: 2 }).notNull().default('0'),
    FAC_PROPINA: numeric('fac_propina', { precision: 14, scale: 2 }).notNull().default('0'),
    FAC_TOTAL: numeric('fac_total', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The buyer's email, address and free fields (campoAdicional), as the user wrote them: [{ nombre, valor }]. */
    FAC_ADICIONAL: jsonb('fac_adicional').notNull().default([]),
    /** The signed XML, once issued. */
    FAC_XML: text('fac_xml'),
    FAC_AUTORIZACION: varchar('fac_autorizacion', { length: 49 }),
    FAC_FECHA_AUTORIZACION: timestamp('fac_fecha_autorizacion', { withTimezone: true }),
    /**
     * When the SRI first said it holds the document under its current key (RECIBIDA, or 43/70 on sending): the 24 hours
     * the SRI may take to authorize it count from here (sri/proceso.ts). Null until then, and again when issued anew.
     */
    FAC_RECIBIDA: timestamp('fac_recibida', { withTimezone: true }),
    /** The SRI's last messages about it (DEVUELTA, NO AUTORIZADO, warnings): [{ identificador, mensaje, informacionAdicional, tipo }]. */
    FAC_SRI_MENSAJES: jsonb('fac_sri_mensajes').notNull().default([]),
    /** The email to the buyer once authorized: PENDIENTE, ENVIADA, SIN_CORREO (no address), FALLIDA. Null before. */
    FAC_ENTREGA: varchar('fac_entrega', { length: 12 }),
    FAC_ENTREGA_FECHA: timestamp('fac_entrega_fecha', { withTimezone: true }),
    /** Why the last delivery failed, or to whom it went. */
    FAC_ENTREGA_DETALLE: varchar('fac_entrega_detalle', { length: 500 }),
    /** An authorized invoice annulled at the SRI's portal (FAC_ESTADO ANULADA): why and when it was marked. */
    FAC_ANULACION_MOTIVO: varchar('fac_anulacion_motivo', { length: 300 }),
    FAC_ANULACION_FECHA: timestamp('fac_anulacion_fecha', { withTimezone: true }),
    USU_CODIGO: integer('usu_codigo').references(() => usuarios.USU_CODIGO, { onDelete: 'set null' }),
    FAC_CREADO: timestamp('fac_creado', { withTimezone: true }).notNull().defaultNow(),
    FAC_ACTUALIZADO: timestamp('fac_actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('facturas_numero').on(t.PEM_CODIGO, t.FAC_TIPO, t.FAC_SECUENCIAL),
    index('facturas_modifica')
      .on(t.FAC_MODIFICA)
      .where(sql`${t.FAC_MODIFICA} IS NOT NULL`),
    index('facturas_empresa').on(t.EMP_CODIGO, t.FAC_CODIGO),
    index('facturas_empresa_tipo').on(t.EMP_CODIGO, t.FAC_TIPO, t.FAC_CODIGO),
    index('facturas_empresa_fecha').on(t.EMP_CODIGO, t.FAC_FECHA, t.FAC_CODIGO),
    index('facturas_cliente').on(t.CLI_CODIGO),
    index('facturas_proveedor')
      .on(t.PRV_CODIGO)
      .where(sql`${t.PRV_CODIGO} IS NOT NULL`),
    index('facturas_empresa_estado').on(t.EMP_CODIGO, t.FAC_ESTADO),
    index('facturas_transportista')
      .on(t.TRA_CODIGO)
      .where(sql`${t.TRA_CODIGO} IS NOT NULL`),
    check('facturas_un_receptor', sql`num_nonnulls(${t.CLI_CODIGO}, ${t.PRV_CODIGO}, ${t.TRA_CODIGO}) = 1`),
  ],
);

/** An invoice's lines, in order (FDE_LINEA from 1). */
export const facturasDetalles = pgTable(
  'facturas_detalles',
  {
    FAC_CODIGO: integer('fac_codigo')
      .notNull()
      .references(() => facturas.FAC_CODIGO, { onDelete: 'cascade' }),
    FDE_LINEA: smallint('fde_linea').notNull(),
    /** The catalogue item it came from, if any (free-text lines have none). */
    CAT_CODIGO: integer('cat_codigo').references(() => catalogo.CAT_CODIGO, { onDelete: 'set null' }),
    FDE_PRINCIPAL: varchar('fde_principal', { length: 25 }),
    FDE_AUXILIAR: varchar('fde_auxiliar', { length: 25 }),
    FDE_DESCRIPCION: varchar('fde_descripcion', { length: 300 }).notNull(),
    FDE_CANTIDAD: numeric('fde_cantidad', { precision: 18, scale: 6 }).notNull(),
    FDE_PRECIO: numeric('fde_precio', { precision: 18, scale: 6 }).notNull(),
    FDE_DESCUENTO: numeric('fde_descuento', { precision: 14, scale: 2 }).notNull().default('0'),
    FDE_IVA: varchar('fde_iva', { length: 2 }).notNull(),
    FDE_ICE_CODIGO: varchar('fde_ice_codigo', { length: 4 }),
    FDE_ICE_TARIFA: numeric('fde_ice_tarifa', { precision: 7, scale: 2 }),
    FDE_SUBTOTAL: numeric('fde_subtotal', { precision: 14, scale: 2 }).notNull(),
    /** A credit note's line returning a line of its invoice: that line's FDE_LINEA (what is left to return is counted by it). */
    FDE_LINEA_FACTURA: smallint('fde_linea_factura'),
  },
  (t) => [primaryKey({ columns: [t.FAC_CODIGO, t.FDE_LINEA] }), index('facturas_detalles_catalogo').on(t.CAT_CODIGO)],
);

/** An invoice's payment methods (the SRI's formaPago codes). */
export const facturasPagos = pgTable(
  'facturas_pagos',
  {
    FAC_CODIGO: integer('fac_codigo')
      .notNull()
      .references(() => facturas.FAC_CODIGO, { onDelete: 'cascade' }),
    FPA_LINEA: smallint('fpa_linea').notNull(),
    FPA_FORMA: varchar('fpa_forma', { length: 2 }).notNull(),
    FPA_TOTAL: numeric('fpa_total', { precision: 14, scale: 2 }).notNull(),
    FPA_PLAZO: integer('fpa_plazo'),
    FPA_UNIDAD: varchar('fpa_unidad', { length: 10 }),
  },
  (t) => [primaryKey({ columns: [t.FAC_CODIGO, t.FPA_LINEA] })],
);

/**
 * The next sequential of each emission point and document type. Issuing takes it with UPDATE ... RETURNING inside the
 * issuing transaction: the row lock serializes concurrent issuers, and a rollback gives the number back (never skipped).
 */
export const secuenciales = pgTable(
  'secuenciales',
  {
    PEM_CODIGO: integer('pem_codigo')
      .notNull()
      .references(() => puntosEmision.PEM_CODIGO, { onDelete: 'cascade' }),
    SEC_TIPO: varchar('sec_tipo', { length: 2 }).notNull(),
    SEC_SIGUIENTE: integer('sec_siguiente').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.PEM_CODIGO, t.SEC_TIPO] })],
);

/**
 * Each company's clients by seller (0: none) and active flag, kept by statement triggers on clientes (migration 0023):
 * GET /api/clientes/totalClientes, on the company's home, reads a few rows instead of counting the company's clients
 * (docs/performance.md).
 */
export const clientesContadores = pgTable(
  'clientes_contadores',
  {
    EMP_CODIGO: integer('emp_codigo').notNull(),
    CLI_VENDEDOR: integer('cli_vendedor').notNull(),
    CLI_ACTIVO: boolean('cli_activo').notNull(),
    TOTAL: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.EMP_CODIGO, t.CLI_VENDEDOR, t.CLI_ACTIVO] })],
);

/**
 * Each company's invoices by state and by the buyer's email (FAC_ENTREGA, '' when it has none yet), with their amounts,
 * kept by statement triggers on facturas (migrations 0022 and 0024): GET /api/facturas/estados, which the list polls
 * while something is pending, and the list's totals when it is filtered by state alone read a few rows instead of
 * reading every invoice of the company (docs/performance.md).
 */
export const facturasContadores = pgTable(
  'facturas_contadores',
  {
    EMP_CODIGO: integer('emp_codigo').notNull(),
    FAC_ESTADO: varchar('fac_estado', { length: 16 }).notNull(),
    FAC_ENTREGA: varchar('fac_entrega', { length: 12 }).notNull(),
    TOTAL: bigint('total', { mode: 'number' }).notNull().default(0),
    /** The sums of FAC_SUBTOTAL, FAC_IVA and FAC_TOTAL of those invoices (migration 0024): the list's totals. */
    SUBTOTAL: numeric('subtotal').notNull().default('0'),
    IVA: numeric('iva').notNull().default('0'),
    IMPORTE: numeric('importe').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.EMP_CODIGO, t.FAC_ESTADO, t.FAC_ENTREGA] })],
);

/**
 * Each company's documents in flight (every type; the states of ESTADOS_EN_CAMINO: issued, not answered yet), kept by
 * row triggers on facturas that fire only when a document enters or leaves those states (migration 0034): issuing
 * judges the plan against it in one row instead of counting what the company has in the SRI's queue, which at
 * month-end is thousands of documents (docs/performance.md).
 */
export const comprobantesEnCamino = pgTable('comprobantes_en_camino', {
  EMP_CODIGO: integer('emp_codigo').primaryKey(),
  TOTAL: integer('total').notNull().default(0),
});

/**
 * The SRI's work still to do, one row per document (server/modules/comprobantes/sri/cola.ts): ENVIAR (reception), AUTORIZAR
 * (ask for the authorization), ENTREGAR (email the buyer). A worker takes due rows with FOR UPDATE SKIP LOCKED and
 * holds them until COL_TOMADA_HASTA: a worker that dies lets them go when that passes, and two instances never take
 * the same row at once. A failure moves COL_PROXIMO later (backoff); the row goes when its last step is done.
 */
export const sriCola = pgTable(
  'sri_cola',
  {
    FAC_CODIGO: integer('fac_codigo')
      .primaryKey()
      .references(() => facturas.FAC_CODIGO, { onDelete: 'cascade' }),
    COL_PASO: varchar('col_paso', { length: 10 }).notNull(),
    COL_INTENTOS: integer('col_intentos').notNull().default(0),
    COL_PROXIMO: timestamp('col_proximo', { withTimezone: true }).notNull().defaultNow(),
    COL_TOMADA_HASTA: timestamp('col_tomada_hasta', { withTimezone: true }),
    /** The last failure (network, timeout, the SRI's 500), for the logs and the invoice page. */
    COL_ERROR: varchar('col_error', { length: 500 }),
    COL_CREADO: timestamp('col_creado', { withTimezone: true }).notNull().defaultNow(),
  },
  // The take's order (the SRI's steps before the emails, the longest waiting first) read from an index: with a
  // backlog a take reads its few rows instead of sorting every due one.
  (t) => [index('sri_cola_turno').on(sql`(${t.COL_PASO} = 'ENTREGAR')`, t.COL_PROXIMO)],
);

/**
 * A collection from a client (estado de cuenta): applied to one or more of its authorized invoices (cobros_facturas),
 * never more than each still owes. Undoing one keeps it, marked with who, when and why.
 */
export const cobros = pgTable(
  'cobros',
  {
    COB_CODIGO: serial('cob_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    CLI_CODIGO: integer('cli_codigo')
      .notNull()
      .references(() => clientes.CLI_CODIGO),
    COB_FECHA: date('cob_fecha').notNull(),
    COB_VALOR: numeric('cob_valor', { precision: 14, scale: 2 }).notNull(),
    /**
     * The SRI's formaPago code (01 efectivo, 19 tarjeta de crédito, 20 transferencia...); null for a client's
     * comprobante de retención (REC_CODIGO), which settles without money.
     */
    COB_FORMA: varchar('cob_forma', { length: 2 }),
    /** The client's comprobante de retención this collection applies (one collection per received retención). */
    REC_CODIGO: integer('rec_codigo').references((): AnyPgColumn => recibidos.REC_CODIGO, { onDelete: 'cascade' }),
    COB_REFERENCIA: varchar('cob_referencia', { length: 100 }),
    COB_ANULADO: boolean('cob_anulado').notNull().default(false),
    COB_ANULACION_MOTIVO: varchar('cob_anulacion_motivo', { length: 300 }),
    COB_ANULACION_FECHA: timestamp('cob_anulacion_fecha', { withTimezone: true }),
    USU_ANULACION: integer('usu_anulacion').references(() => usuarios.USU_CODIGO, { onDelete: 'set null' }),
    USU_CODIGO: integer('usu_codigo').references(() => usuarios.USU_CODIGO, { onDelete: 'set null' }),
    COB_CREADO: timestamp('cob_creado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cobros_cliente').on(t.EMP_CODIGO, t.CLI_CODIGO, t.COB_CODIGO),
    uniqueIndex('cobros_recibido')
      .on(t.REC_CODIGO)
      .where(sql`${t.REC_CODIGO} IS NOT NULL`),
    check('cobros_forma_o_retencion', sql`(${t.COB_FORMA} IS NULL) <> (${t.REC_CODIGO} IS NULL)`),
  ],
);

/** How much of a collection went to each invoice. */
export const cobrosFacturas = pgTable(
  'cobros_facturas',
  {
    COB_CODIGO: integer('cob_codigo')
      .notNull()
      .references(() => cobros.COB_CODIGO, { onDelete: 'cascade' }),
    FAC_CODIGO: integer('fac_codigo')
      .notNull()
      .references(() => facturas.FAC_CODIGO, { onDelete: 'cascade' }),
    CFA_VALOR: numeric('cfa_valor', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.COB_CODIGO, t.FAC_CODIGO] }), index('cobros_facturas_factura').on(t.FAC_CODIGO)],
);

/**
 * The SRI's withholding codes (codigoRetencion) and their percentages, dated: the SRI changes them by resolution, so a
 * code has the period it is in force (RCO_HASTA null: still in force). The back office keeps this table (seeded from
 * the published table, migration 0031); a company chooses from the rows in force on its retención's date and never
 * edits them. RCO_IMPUESTO is the retención's `codigo`: 1 renta, 2 IVA, 6 ISD.
 */
export const codigosRetencion = pgTable(
  'codigos_retencion',
  {
    RCO_ID: serial('rco_id').primaryKey(),
    RCO_IMPUESTO: varchar('rco_impuesto', { length: 1 }).notNull(),
    RCO_CODIGO: varchar('rco_codigo', { length: 5 }).notNull(),
    RCO_CONCEPTO: varchar('rco_concepto', { length: 500 }).notNull(),
    RCO_PORCENTAJE: numeric('rco_porcentaje', { precision: 5, scale: 2 }).notNull(),
    RCO_DESDE: date('rco_desde').notNull(),
    RCO_HASTA: date('rco_hasta'),
    RCO_ACTUALIZADO: timestamp('rco_actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('codigos_retencion_vigencia').on(t.RCO_IMPUESTO, t.RCO_CODIGO, t.RCO_DESDE),
    check('codigos_retencion_periodo', sql`${t.RCO_HASTA} IS NULL OR ${t.RCO_HASTA} >= ${t.RCO_DESDE}`),
  ],
);

/**
 * The SRI documents a company received (facturas, notas de crédito and débito, liquidaciones de compra, its clients'
 * comprobantes de retención), each kept as the SRI authorized it (REC_XML: the signed comprobante) with the fields the
 * lists, totals and retenciones need. One row per access key within the company. The issuer is a supplier
 * (PRV_CODIGO: the book gains it when missing) or, for a client's retención or a liquidación issued to the company,
 * a client (CLI_CODIGO) when the book has it.
 */
export const recibidos = pgTable(
  'recibidos',
  {
    REC_CODIGO: serial('rec_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    /** codDoc: 01, 03, 04, 05, 07. */
    REC_TIPO: varchar('rec_tipo', { length: 2 }).notNull(),
    REC_CLAVE_ACCESO: varchar('rec_clave_acceso', { length: 49 }).notNull(),
    /** 001-001-000000123. */
    REC_NUMERO: varchar('rec_numero', { length: 17 }).notNull(),
    /** fechaEmision. */
    REC_FECHA: date('rec_fecha').notNull(),
    REC_EMISOR_RUC: varchar('rec_emisor_ruc', { length: 13 }).notNull(),
    REC_EMISOR_RAZON_SOCIAL: varchar('rec_emisor_razon_social', { length: 300 }).notNull(),
    PRV_CODIGO: integer('prv_codigo').references(() => proveedores.PRV_CODIGO),
    CLI_CODIGO: integer('cli_codigo').references(() => clientes.CLI_CODIGO),
    REC_AUTORIZACION: varchar('rec_autorizacion', { length: 49 }).notNull(),
    REC_FECHA_AUTORIZACION: timestamp('rec_fecha_autorizacion', { withTimezone: true }),
    /** 1 pruebas, 2 producción. */
    REC_AMBIENTE: smallint('rec_ambiente').notNull(),
    /** Before taxes (totalSinImpuestos); 0 for a retención. */
    REC_SUBTOTAL: numeric('rec_subtotal', { precision: 14, scale: 2 }).notNull().default('0'),
    REC_IVA: numeric('rec_iva', { precision: 14, scale: 2 }).notNull().default('0'),
    /** importeTotal / valorModificacion / valorTotal; a retención's total withheld. */
    REC_TOTAL: numeric('rec_total', { precision: 14, scale: 2 }).notNull().default('0'),
    /**
     * What the rest of the app reads of it without parsing the XML again: the taxes per rate, the payments, a note's
     * modified document, a retención's withholdings with their support documents (domain/contratos/recibidos.ts).
     */
    REC_DATOS: jsonb('rec_datos').notNull().default({}),
    REC_XML: text('rec_xml').notNull(),
    /** How it arrived: xml (an uploaded file), clave (asked to the SRI by its key), reporte (the SRI portal's list). */
    REC_ORIGEN: varchar('rec_origen', { length: 10 }).notNull(),
    USU_CODIGO: integer('usu_codigo').references(() => usuarios.USU_CODIGO, { onDelete: 'set null' }),
    REC_CREADO: timestamp('rec_creado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recibidos_clave').on(t.EMP_CODIGO, t.REC_CLAVE_ACCESO),
    index('recibidos_empresa').on(t.EMP_CODIGO, t.REC_CODIGO),
    index('recibidos_empresa_fecha').on(t.EMP_CODIGO, t.REC_FECHA, t.REC_CODIGO),
    index('recibidos_empresa_tipo').on(t.EMP_CODIGO, t.REC_TIPO, t.REC_CODIGO),
    index('recibidos_proveedor')
      .on(t.PRV_CODIGO)
      .where(sql`${t.PRV_CODIGO} IS NOT NULL`),
    index('recibidos_cliente')
      .on(t.CLI_CODIGO)
      .where(sql`${t.CLI_CODIGO} IS NOT NULL`),
  ],
);

/**
 * The support documents (docsSustento) of a comprobante de retención (a `facturas` row of type 07), in order: a
 * received document (REC_CODIGO: a supplier's factura, nota de débito...) or a liquidación de compra of the company's
 * own (RSU_LIQUIDACION). RSU_SUSTENTO is the SRI's codSustento (01 crédito tributario para declaración de IVA...).
 */
export const retencionesSustentos = pgTable(
  'retenciones_sustentos',
  {
    FAC_CODIGO: integer('fac_codigo')
      .notNull()
      .references(() => facturas.FAC_CODIGO, { onDelete: 'cascade' }),
    RSU_LINEA: smallint('rsu_linea').notNull(),
    REC_CODIGO: integer('rec_codigo').references(() => recibidos.REC_CODIGO),
    RSU_LIQUIDACION: integer('rsu_liquidacion').references((): AnyPgColumn => facturas.FAC_CODIGO),
    RSU_SUSTENTO: varchar('rsu_sustento', { length: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.FAC_CODIGO, t.RSU_LINEA] }),
    index('retenciones_sustentos_recibido')
      .on(t.REC_CODIGO)
      .where(sql`${t.REC_CODIGO} IS NOT NULL`),
    index('retenciones_sustentos_liquidacion')
      .on(t.RSU_LIQUIDACION)
      .where(sql`${t.RSU_LIQUIDACION} IS NOT NULL`),
    check('retenciones_sustentos_uno', sql`(${t.REC_CODIGO} IS NULL) <> (${t.RSU_LIQUIDACION} IS NULL)`),
  ],
);

/**
 * A comprobante de retención's withholdings, in order: on which support document (RSU_LINEA), which tax (RDE_IMPUESTO:
 * 1 renta, 2 IVA, 6 ISD), the code chosen (RCO_ID, the table's row in force on the retención's date; RDE_CODIGO and
 * RDE_PORCENTAJE keep what was applied), the base and the value withheld.
 */
export const retencionesDetalles = pgTable(
  'retenciones_detalles',
  {
    FAC_CODIGO: integer('fac_codigo')
      .notNull()
      .references(() => facturas.FAC_CODIGO, { onDelete: 'cascade' }),
    RDE_LINEA: smallint('rde_linea').notNull(),
    RSU_LINEA: smallint('rsu_linea').notNull(),
    RDE_IMPUESTO: varchar('rde_impuesto', { length: 1 }).notNull(),
    RCO_ID: integer('rco_id').references(() => codigosRetencion.RCO_ID),
    RDE_CODIGO: varchar('rde_codigo', { length: 5 }).notNull(),
    RDE_BASE: numeric('rde_base', { precision: 14, scale: 2 }).notNull(),
    RDE_PORCENTAJE: numeric('rde_porcentaje', { precision: 5, scale: 2 }).notNull(),
    RDE_VALOR: numeric('rde_valor', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.FAC_CODIGO, t.RDE_LINEA] })],
);

/**
 * A guía de remisión's transport (one row per document of type 06): where the goods leave from, when the transport
 * starts and ends, and the plate of the vehicle (the carrier is facturas.TRA_CODIGO).
 */
export const guias = pgTable(
  'guias',
  {
    FAC_CODIGO: integer('fac_codigo')
      .primaryKey()
      .references(() => facturas.FAC_CODIGO, { onDelete: 'cascade' }),
    GUI_DIR_PARTIDA: varchar('gui_dir_partida', { length: 300 }).notNull(),
    GUI_FECHA_INICIO: date('gui_fecha_inicio').notNull(),
    GUI_FECHA_FIN: date('gui_fecha_fin').notNull(),
    GUI_PLACA: varchar('gui_placa', { length: 20 }).notNull(),
  },
  (t) => [check('guias_periodo', sql`${t.GUI_FECHA_FIN} >= ${t.GUI_FECHA_INICIO}`)],
);

/**
 * A guía's destinatarios, in order: who receives (a client of the company when CLI_CODIGO is set; anyone else, or
 * one of the company's own establishments, by what was typed), where, why the goods travel, and the authorized
 * factura of the company that supports it (GDE_SUSTENTO), when there is one.
 */
export const guiasDestinatarios = pgTable(
  'guias_destinatarios',
  {
    FAC_CODIGO: integer('fac_codigo')
      .notNull()
      .references(() => guias.FAC_CODIGO, { onDelete: 'cascade' }),
    GDE_LINEA: smallint('gde_linea').notNull(),
    CLI_CODIGO: integer('cli_codigo').references(() => clientes.CLI_CODIGO),
    GDE_IDENTIFICACION: varchar('gde_identificacion', { length: 20 }).notNull(),
    GDE_RAZON_SOCIAL: varchar('gde_razon_social', { length: 300 }).notNull(),
    GDE_DIRECCION: varchar('gde_direccion', { length: 300 }).notNull(),
    /** Where the guía is emailed once authorized (a client's addresses, or typed). */
    GDE_CORREOS: text('gde_correos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    GDE_MOTIVO: varchar('gde_motivo', { length: 300 }).notNull(),
    GDE_DOC_ADUANERO: varchar('gde_doc_aduanero', { length: 20 }),
    /** The company's establishment that receives a transfer (codEstabDestino, 001-999). */
    GDE_ESTAB_DESTINO: varchar('gde_estab_destino', { length: 3 }),
    GDE_RUTA: varchar('gde_ruta', { length: 300 }),
    GDE_SUSTENTO: integer('gde_sustento').references((): AnyPgColumn => facturas.FAC_CODIGO),
  },
  (t) => [
    primaryKey({ columns: [t.FAC_CODIGO, t.GDE_LINEA] }),
    index('guias_destinatarios_sustento')
      .on(t.GDE_SUSTENTO)
      .where(sql`${t.GDE_SUSTENTO} IS NOT NULL`),
  ],
);

/** The goods each destinatario receives, in order (a guía's detalle: codes, description, quantity). */
export const guiasDetalles = pgTable(
  'guias_detalles',
  {
    FAC_CODIGO: integer('fac_codigo').notNull(),
    GDE_LINEA: smallint('gde_linea').notNull(),
    GDT_LINEA: smallint('gdt_linea').notNull(),
    /** The catalogue's product it came from, if any (the codes and description are kept as printed). */
    CAT_CODIGO: integer('cat_codigo').references(() => catalogo.CAT_CODIGO, { onDelete: 'set null' }),
    GDT_CODIGO_INTERNO: varchar('gdt_codigo_interno', { length: 25 }),
    GDT_CODIGO_ADICIONAL: varchar('gdt_codigo_adicional', { length: 25 }),
    GDT_DESCRIPCION: varchar('gdt_descripcion', { length: 300 }).notNull(),
    GDT_CANTIDAD: numeric('gdt_cantidad', { precision: 18, scale: 6 }).notNull(),
    /** Up to 3 detAdicional: [{ nombre, valor }]. */
    GDT_ADICIONALES: jsonb('gdt_adicionales').notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.FAC_CODIGO, t.GDE_LINEA, t.GDT_LINEA] }),
    foreignKey({
      columns: [t.FAC_CODIGO, t.GDE_LINEA],
      foreignColumns: [guiasDestinatarios.FAC_CODIGO, guiasDestinatarios.GDE_LINEA],
      name: 'guias_detalles_destinatario_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * Quotes (ofertas): an invoice's buyer, lines and calculation offered before the sale, valid until OFE_VALIDEZ. Not an
 * SRI document: no key, no signature. OFE_ESTADO BORRADOR, ENVIADA, ACEPTADA or RECHAZADA; VENCIDA is read from the
 * date (a BORRADOR or ENVIADA past OFE_VALIDEZ). OFE_LINEAS keeps the invoice draft's lines as the form sent them,
 * so that "Facturar" hands them to an invoice draft (FAC_CODIGO) unchanged.
 */
export const ofertas = pgTable(
  'ofertas',
  {
    OFE_CODIGO: serial('ofe_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    /** The company's own number, 1, 2, 3… (ofertas_numero). */
    OFE_NUMERO: integer('ofe_numero').notNull(),
    CLI_CODIGO: integer('cli_codigo')
      .notNull()
      .references(() => clientes.CLI_CODIGO),
    OFE_FECHA: date('ofe_fecha').notNull(),
    OFE_VALIDEZ: date('ofe_validez').notNull(),
    OFE_ESTADO: varchar('ofe_estado', { length: 10 }).notNull().default('BORRADOR'),
    OFE_NOTAS: text('ofe_notas'),
    OFE_LINEAS: jsonb('ofe_lineas').notNull().default([]),
    OFE_SUBTOTAL: numeric('ofe_subtotal', { precision: 14, scale: 2 }).notNull().default('0'),
    OFE_DESCUENTO: numeric('ofe_descuento', { precision: 14, scale: 2 }).notNull().default('0'),
    OFE_IVA: numeric('ofe_iva', { precision: 14, scale: 2 }).notNull().default('0'),
    OFE_TOTAL: numeric('ofe_total', { precision: 14, scale: 2 }).notNull().default('0'),
    /** The invoice draft an accepted quote became. */
    FAC_CODIGO: integer('fac_codigo').references(() => facturas.FAC_CODIGO, { onDelete: 'set null' }),
    /** When it was last emailed to the client, and to whom. */
    OFE_ENVIADA: timestamp('ofe_enviada', { withTimezone: true }),
    OFE_ENVIO_DETALLE: varchar('ofe_envio_detalle', { length: 500 }),
    USU_CODIGO: integer('usu_codigo').references(() => usuarios.USU_CODIGO, { onDelete: 'set null' }),
    OFE_CREADO: timestamp('ofe_creado', { withTimezone: true }).notNull().defaultNow(),
    OFE_ACTUALIZADO: timestamp('ofe_actualizado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ofertas_numero').on(t.EMP_CODIGO, t.OFE_NUMERO),
    index('ofertas_empresa').on(t.EMP_CODIGO, t.OFE_CODIGO),
    index('ofertas_cliente').on(t.CLI_CODIGO),
    index('ofertas_factura')
      .on(t.FAC_CODIGO)
      .where(sql`${t.FAC_CODIGO} IS NOT NULL`),
    check('ofertas_estado', sql`${t.OFE_ESTADO} IN ('BORRADOR', 'ENVIADA', 'ACEPTADA', 'RECHAZADA')`),
    check('ofertas_validez', sql`${t.OFE_VALIDEZ} >= ${t.OFE_FECHA}`),
  ],
);

/**
 * A company's API keys (integrations: a point of sale, a web shop, an ERP). Only the SHA-256 of the key is kept: the
 * key is shown once, when it is created. A key acts for the administrador who created it, within its scopes, and
 * works only while that user is an active administrador of the company and the key is not revoked.
 */
export const clavesApi = pgTable(
  'claves_api',
  {
    CLA_CODIGO: serial('cla_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    USU_CODIGO: integer('usu_codigo')
      .notNull()
      .references(() => usuarios.USU_CODIGO, { onDelete: 'cascade' }),
    CLA_NOMBRE: varchar('cla_nombre', { length: 60 }).notNull(),
    /** The key's first characters ("amk_3f9a2c"), so a user can tell keys apart without the key. */
    CLA_PREFIJO: varchar('cla_prefijo', { length: 16 }).notNull(),
    /** hex SHA-256 of the whole key: keys are 32 random bytes, so a fast hash is as safe as a slow one. */
    CLA_HASH: varchar('cla_hash', { length: 64 }).notNull(),
    /** 'leer' (GET), 'emitir' (create and issue documents and their recipients). */
    CLA_ALCANCES: varchar('cla_alcances', { length: 10 }).array().notNull(),
    CLA_CREADA: timestamp('cla_creada', { withTimezone: true }).notNull().defaultNow(),
    CLA_ULTIMO_USO: timestamp('cla_ultimo_uso', { withTimezone: true }),
    CLA_REVOCADA: timestamp('cla_revocada', { withTimezone: true }),
    /** The per-key rate limit: requests counted since CLA_VENTANA (a fixed one-minute window). */
    CLA_VENTANA: timestamp('cla_ventana', { withTimezone: true }),
    CLA_CUENTA: integer('cla_cuenta').notNull().default(0),
  },
  (t) => [uniqueIndex('claves_api_hash').on(t.CLA_HASH), index('claves_api_empresa').on(t.EMP_CODIGO, t.CLA_CODIGO)],
);

/**
 * Idempotency-Key: the first answer to a request that creates or issues, kept (at least 24 hours) so that a retry with
 * the same key and body gets it again instead of a second document. IDE_ESTADO is null while the first one runs.
 */
export const idempotencia = pgTable(
  'idempotencia',
  {
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    IDE_CLAVE: varchar('ide_clave', { length: 255 }).notNull(),
    /** hex SHA-256 of the method, the route and the body: the same key with another request is refused. */
    IDE_HUELLA: varchar('ide_huella', { length: 64 }).notNull(),
    IDE_ESTADO: integer('ide_estado'),
    IDE_TIPO: varchar('ide_tipo', { length: 100 }),
    IDE_RESPUESTA: text('ide_respuesta'),
    IDE_CREADA: timestamp('ide_creada', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.EMP_CODIGO, t.IDE_CLAVE] }), index('idempotencia_creada').on(t.IDE_CREADA)],
);

/**
 * A company's webhook endpoints: where Amelia POSTs the events it chose, signed with its secret (sealed with
 * SECRETS_KEY: it must be read back to sign).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    WEB_CODIGO: serial('web_codigo').primaryKey(),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    WEB_URL: varchar('web_url', { length: 500 }).notNull(),
    WEB_DESCRIPCION: varchar('web_descripcion', { length: 100 }),
    WEB_SECRETO: text('web_secreto').notNull(),
    /** comprobante.autorizado, comprobante.devuelto, comprobante.rechazado, comprobante.anulado, correo.rebotado */
    WEB_EVENTOS: varchar('web_eventos', { length: 40 }).array().notNull(),
    WEB_ACTIVO: boolean('web_activo').notNull().default(true),
    WEB_CREADO: timestamp('web_creado', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_empresa').on(t.EMP_CODIGO, t.WEB_CODIGO)],
);

/**
 * One event for one endpoint: written in the transaction that changed the document (so none is lost), then POSTed
 * by any instance's worker under a lease (ENT_TOMADA_HASTA), retried with a growing wait until 24 hours have passed.
 */
export const webhooksEntregas = pgTable(
  'webhooks_entregas',
  {
    ENT_CODIGO: serial('ent_codigo').primaryKey(),
    WEB_CODIGO: integer('web_codigo')
      .notNull()
      .references(() => webhooks.WEB_CODIGO, { onDelete: 'cascade' }),
    EMP_CODIGO: integer('emp_codigo')
      .notNull()
      .references(() => empresas.EMP_CODIGO, { onDelete: 'cascade' }),
    ENT_EVENTO: varchar('ent_evento', { length: 40 }).notNull(),
    FAC_CODIGO: integer('fac_codigo').references(() => facturas.FAC_CODIGO, { onDelete: 'set null' }),
    /** The JSON body, fixed when the event happened. */
    ENT_CUERPO: jsonb('ent_cuerpo').notNull(),
    /** PENDIENTE, ENTREGADA, FALLIDA (24 hours without a 2xx). */
    ENT_ESTADO: varchar('ent_estado', { length: 10 }).notNull().default('PENDIENTE'),
    ENT_INTENTOS: integer('ent_intentos').notNull().default(0),
    ENT_PROXIMO: timestamp('ent_proximo', { withTimezone: true }).notNull().defaultNow(),
    ENT_TOMADA_HASTA: timestamp('ent_tomada_hasta', { withTimezone: true }),
    /** Every attempt: { fecha, codigo (HTTP status or null), error, ms }, newest last. */
    ENT_INTENTOS_DETALLE: jsonb('ent_intentos_detalle').notNull().default([]),
    ENT_CREADA: timestamp('ent_creada', { withTimezone: true }).notNull().defaultNow(),
    ENT_ENTREGADA: timestamp('ent_entregada', { withTimezone: true }),
  },
  (t) => [
    index('webhooks_entregas_proximo')
      .on(t.ENT_PROXIMO)
      .where(sql`${t.ENT_ESTADO} = 'PENDIENTE'`),
    index('webhooks_entregas_webhook').on(t.WEB_CODIGO, t.ENT_CODIGO),
    index('webhooks_entregas_empresa').on(t.EMP_CODIGO, t.ENT_CODIGO),
    check('webhooks_entregas_estado', sql`${t.ENT_ESTADO} IN ('PENDIENTE', 'ENTREGADA', 'FALLIDA')`),
  ],
);
