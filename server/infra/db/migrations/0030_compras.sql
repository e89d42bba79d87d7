CREATE TABLE "codigos_retencion" (
	"rco_id" serial PRIMARY KEY NOT NULL,
	"rco_impuesto" varchar(1) NOT NULL,
	"rco_codigo" varchar(5) NOT NULL,
	"rco_concepto" varchar(500) NOT NULL,
	"rco_porcentaje" numeric(5, 2) NOT NULL,
	"rco_desde" date NOT NULL,
	"rco_hasta" date,
	"rco_actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codigos_retencion_periodo" CHECK ("codigos_retencion"."rco_hasta" IS NULL OR "codigos_retencion"."rco_hasta" >= "codigos_retencion"."rco_desde")
);
--> statement-breakpoint
CREATE TABLE "proveedores" (
	"prv_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"prv_tipo_identificacion" varchar(2) NOT NULL,
	"prv_identificacion" varchar(20) NOT NULL,
	"prv_razon_social" varchar(300) NOT NULL,
	"prv_nombre_comercial" varchar(300),
	"prv_correos" text[] DEFAULT '{}'::text[] NOT NULL,
	"prv_telefonos" text[] DEFAULT '{}'::text[] NOT NULL,
	"prv_direccion" varchar(300),
	"prv_contacto" varchar(200),
	"prv_dias_credito" integer DEFAULT 0 NOT NULL,
	"prv_activo" boolean DEFAULT true NOT NULL,
	"prv_observacion" text,
	"prv_banderas" jsonb,
	"prv_creado" timestamp with time zone DEFAULT now() NOT NULL,
	"prv_actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"prv_busqueda" text GENERATED ALWAYS AS (amelia_busqueda("proveedores"."prv_identificacion" || ' ' || "proveedores"."prv_razon_social" || ' ' || coalesce("proveedores"."prv_nombre_comercial", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "recibidos" (
	"rec_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"rec_tipo" varchar(2) NOT NULL,
	"rec_clave_acceso" varchar(49) NOT NULL,
	"rec_numero" varchar(17) NOT NULL,
	"rec_fecha" date NOT NULL,
	"rec_emisor_ruc" varchar(13) NOT NULL,
	"rec_emisor_razon_social" varchar(300) NOT NULL,
	"prv_codigo" integer,
	"cli_codigo" integer,
	"rec_autorizacion" varchar(49) NOT NULL,
	"rec_fecha_autorizacion" timestamp with time zone,
	"rec_ambiente" smallint NOT NULL,
	"rec_subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"rec_iva" numeric(14, 2) DEFAULT '0' NOT NULL,
	"rec_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"rec_datos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rec_xml" text NOT NULL,
	"rec_origen" varchar(10) NOT NULL,
	"usu_codigo" integer,
	"rec_creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retenciones_detalles" (
	"fac_codigo" integer NOT NULL,
	"rde_linea" smallint NOT NULL,
	"rsu_linea" smallint NOT NULL,
	"rde_impuesto" varchar(1) NOT NULL,
	"rco_id" integer,
	"rde_codigo" varchar(5) NOT NULL,
	"rde_base" numeric(14, 2) NOT NULL,
	"rde_porcentaje" numeric(5, 2) NOT NULL,
	"rde_valor" numeric(14, 2) NOT NULL,
	CONSTRAINT "retenciones_detalles_fac_codigo_rde_linea_pk" PRIMARY KEY("fac_codigo","rde_linea")
);
--> statement-breakpoint
CREATE TABLE "retenciones_sustentos" (
	"fac_codigo" integer NOT NULL,
	"rsu_linea" smallint NOT NULL,
	"rec_codigo" integer,
	"rsu_liquidacion" integer,
	"rsu_sustento" varchar(2) NOT NULL,
	CONSTRAINT "retenciones_sustentos_fac_codigo_rsu_linea_pk" PRIMARY KEY("fac_codigo","rsu_linea"),
	CONSTRAINT "retenciones_sustentos_uno" CHECK (("retenciones_sustentos"."rec_codigo" IS NULL) <> ("retenciones_sustentos"."rsu_liquidacion" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "cobros" ALTER COLUMN "cob_forma" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ALTER COLUMN "cli_codigo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cobros" ADD COLUMN "rec_codigo" integer;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "prv_codigo" integer;--> statement-breakpoint
ALTER TABLE "proveedores" ADD CONSTRAINT "proveedores_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibidos" ADD CONSTRAINT "recibidos_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibidos" ADD CONSTRAINT "recibidos_prv_codigo_proveedores_prv_codigo_fk" FOREIGN KEY ("prv_codigo") REFERENCES "public"."proveedores"("prv_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibidos" ADD CONSTRAINT "recibidos_cli_codigo_clientes_cli_codigo_fk" FOREIGN KEY ("cli_codigo") REFERENCES "public"."clientes"("cli_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibidos" ADD CONSTRAINT "recibidos_usu_codigo_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_codigo") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retenciones_detalles" ADD CONSTRAINT "retenciones_detalles_fac_codigo_facturas_fac_codigo_fk" FOREIGN KEY ("fac_codigo") REFERENCES "public"."facturas"("fac_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retenciones_detalles" ADD CONSTRAINT "retenciones_detalles_rco_id_codigos_retencion_rco_id_fk" FOREIGN KEY ("rco_id") REFERENCES "public"."codigos_retencion"("rco_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retenciones_sustentos" ADD CONSTRAINT "retenciones_sustentos_fac_codigo_facturas_fac_codigo_fk" FOREIGN KEY ("fac_codigo") REFERENCES "public"."facturas"("fac_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retenciones_sustentos" ADD CONSTRAINT "retenciones_sustentos_rec_codigo_recibidos_rec_codigo_fk" FOREIGN KEY ("rec_codigo") REFERENCES "public"."recibidos"("rec_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retenciones_sustentos" ADD CONSTRAINT "retenciones_sustentos_rsu_liquidacion_facturas_fac_codigo_fk" FOREIGN KEY ("rsu_liquidacion") REFERENCES "public"."facturas"("fac_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codigos_retencion_vigencia" ON "codigos_retencion" USING btree ("rco_impuesto","rco_codigo","rco_desde");--> statement-breakpoint
CREATE UNIQUE INDEX "proveedores_identificacion" ON "proveedores" USING btree ("emp_codigo","prv_identificacion");--> statement-breakpoint
CREATE INDEX "proveedores_empresa" ON "proveedores" USING btree ("emp_codigo","prv_codigo");--> statement-breakpoint
CREATE INDEX "proveedores_nombre" ON "proveedores" USING btree ("emp_codigo","prv_razon_social","prv_codigo");--> statement-breakpoint
CREATE INDEX "proveedores_busqueda_trgm" ON "proveedores" USING gin ("prv_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "recibidos_clave" ON "recibidos" USING btree ("emp_codigo","rec_clave_acceso");--> statement-breakpoint
CREATE INDEX "recibidos_empresa" ON "recibidos" USING btree ("emp_codigo","rec_codigo");--> statement-breakpoint
CREATE INDEX "recibidos_empresa_fecha" ON "recibidos" USING btree ("emp_codigo","rec_fecha","rec_codigo");--> statement-breakpoint
CREATE INDEX "recibidos_empresa_tipo" ON "recibidos" USING btree ("emp_codigo","rec_tipo","rec_codigo");--> statement-breakpoint
CREATE INDEX "recibidos_proveedor" ON "recibidos" USING btree ("prv_codigo") WHERE "recibidos"."prv_codigo" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "recibidos_cliente" ON "recibidos" USING btree ("cli_codigo") WHERE "recibidos"."cli_codigo" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "retenciones_sustentos_recibido" ON "retenciones_sustentos" USING btree ("rec_codigo") WHERE "retenciones_sustentos"."rec_codigo" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "retenciones_sustentos_liquidacion" ON "retenciones_sustentos" USING btree ("rsu_liquidacion") WHERE "retenciones_sustentos"."rsu_liquidacion" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_rec_codigo_recibidos_rec_codigo_fk" FOREIGN KEY ("rec_codigo") REFERENCES "public"."recibidos"("rec_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_prv_codigo_proveedores_prv_codigo_fk" FOREIGN KEY ("prv_codigo") REFERENCES "public"."proveedores"("prv_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cobros_recibido" ON "cobros" USING btree ("rec_codigo") WHERE "cobros"."rec_codigo" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "facturas_proveedor" ON "facturas" USING btree ("prv_codigo") WHERE "facturas"."prv_codigo" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "cobros" ADD CONSTRAINT "cobros_forma_o_retencion" CHECK (("cobros"."cob_forma" IS NULL) <> ("cobros"."rec_codigo" IS NULL));--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_un_receptor" CHECK (("facturas"."cli_codigo" IS NULL) <> ("facturas"."prv_codigo" IS NULL));--> statement-breakpoint
-- The purchase side, given to every company as the notes were (0029): suppliers, documents received, retenciones and
-- liquidaciones de compra; the back office's table of withholding codes, to the administrator profile.
INSERT INTO "menus" ("men_codigo", "men_area", "men_nombre", "men_ruta", "men_icono", "men_orden", "men_permiso") VALUES
  (111, 'empresa', 'Proveedores', 'proveedores', 'local_shipping', 11, 'proveedores'),
  (112, 'empresa', 'Documentos recibidos', 'recibidos', 'move_to_inbox', 12, 'recibidos'),
  (113, 'empresa', 'Retenciones', 'retenciones', 'percent', 8, 'retenciones'),
  (114, 'empresa', 'Liquidaciones de compra', 'liquidacionesCompra', 'shopping_cart', 9, 'liquidacionesCompra'),
  (15, 'admin', 'Códigos de retención', 'codigosRetencion', 'percent', 45, 'codigosRetencion')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_empresa" ("emp_codigo", "men_codigo")
  SELECT "emp_codigo", m."men_codigo" FROM "empresas", (VALUES (111), (112), (113), (114)) AS m("men_codigo")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_roles" ("prf_codigo", "men_codigo") VALUES (1, 15) ON CONFLICT DO NOTHING;
