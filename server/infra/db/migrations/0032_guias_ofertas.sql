CREATE TABLE "guias" (
	"fac_codigo" integer PRIMARY KEY NOT NULL,
	"gui_dir_partida" varchar(300) NOT NULL,
	"gui_fecha_inicio" date NOT NULL,
	"gui_fecha_fin" date NOT NULL,
	"gui_placa" varchar(20) NOT NULL,
	CONSTRAINT "guias_periodo" CHECK ("guias"."gui_fecha_fin" >= "guias"."gui_fecha_inicio")
);
--> statement-breakpoint
CREATE TABLE "guias_destinatarios" (
	"fac_codigo" integer NOT NULL,
	"gde_linea" smallint NOT NULL,
	"cli_codigo" integer,
	"gde_identificacion" varchar(20) NOT NULL,
	"gde_razon_social" varchar(300) NOT NULL,
	"gde_direccion" varchar(300) NOT NULL,
	"gde_correos" text[] DEFAULT '{}'::text[] NOT NULL,
	"gde_motivo" varchar(300) NOT NULL,
	"gde_doc_aduanero" varchar(20),
	"gde_estab_destino" varchar(3),
	"gde_ruta" varchar(300),
	"gde_sustento" integer,
	CONSTRAINT "guias_destinatarios_fac_codigo_gde_linea_pk" PRIMARY KEY("fac_codigo","gde_linea")
);
--> statement-breakpoint
CREATE TABLE "guias_detalles" (
	"fac_codigo" integer NOT NULL,
	"gde_linea" smallint NOT NULL,
	"gdt_linea" smallint NOT NULL,
	"cat_codigo" integer,
	"gdt_codigo_interno" varchar(25),
	"gdt_codigo_adicional" varchar(25),
	"gdt_descripcion" varchar(300) NOT NULL,
	"gdt_cantidad" numeric(18, 6) NOT NULL,
	"gdt_adicionales" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "guias_detalles_fac_codigo_gde_linea_gdt_linea_pk" PRIMARY KEY("fac_codigo","gde_linea","gdt_linea")
);
--> statement-breakpoint
CREATE TABLE "ofertas" (
	"ofe_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"ofe_numero" integer NOT NULL,
	"cli_codigo" integer NOT NULL,
	"ofe_fecha" date NOT NULL,
	"ofe_validez" date NOT NULL,
	"ofe_estado" varchar(10) DEFAULT 'BORRADOR' NOT NULL,
	"ofe_notas" text,
	"ofe_lineas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ofe_subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ofe_descuento" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ofe_iva" numeric(14, 2) DEFAULT '0' NOT NULL,
	"ofe_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fac_codigo" integer,
	"ofe_enviada" timestamp with time zone,
	"ofe_envio_detalle" varchar(500),
	"usu_codigo" integer,
	"ofe_creado" timestamp with time zone DEFAULT now() NOT NULL,
	"ofe_actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ofertas_estado" CHECK ("ofertas"."ofe_estado" IN ('BORRADOR', 'ENVIADA', 'ACEPTADA', 'RECHAZADA')),
	CONSTRAINT "ofertas_validez" CHECK ("ofertas"."ofe_validez" >= "ofertas"."ofe_fecha")
);
--> statement-breakpoint
CREATE TABLE "transportistas" (
	"tra_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"tra_tipo_identificacion" varchar(2) NOT NULL,
	"tra_identificacion" varchar(20) NOT NULL,
	"tra_razon_social" varchar(300) NOT NULL,
	"tra_placa" varchar(20) NOT NULL,
	"tra_correos" text[] DEFAULT '{}'::text[] NOT NULL,
	"tra_telefonos" text[] DEFAULT '{}'::text[] NOT NULL,
	"tra_direccion" varchar(300),
	"tra_activo" boolean DEFAULT true NOT NULL,
	"tra_observacion" text,
	"tra_creado" timestamp with time zone DEFAULT now() NOT NULL,
	"tra_actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"tra_busqueda" text GENERATED ALWAYS AS (amelia_busqueda("transportistas"."tra_identificacion" || ' ' || "transportistas"."tra_razon_social" || ' ' || "transportistas"."tra_placa")) STORED
);
--> statement-breakpoint
ALTER TABLE "facturas" DROP CONSTRAINT "facturas_un_receptor";--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "tra_codigo" integer;--> statement-breakpoint
ALTER TABLE "guias" ADD CONSTRAINT "guias_fac_codigo_facturas_fac_codigo_fk" FOREIGN KEY ("fac_codigo") REFERENCES "public"."facturas"("fac_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guias_destinatarios" ADD CONSTRAINT "guias_destinatarios_fac_codigo_guias_fac_codigo_fk" FOREIGN KEY ("fac_codigo") REFERENCES "public"."guias"("fac_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guias_destinatarios" ADD CONSTRAINT "guias_destinatarios_cli_codigo_clientes_cli_codigo_fk" FOREIGN KEY ("cli_codigo") REFERENCES "public"."clientes"("cli_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guias_destinatarios" ADD CONSTRAINT "guias_destinatarios_gde_sustento_facturas_fac_codigo_fk" FOREIGN KEY ("gde_sustento") REFERENCES "public"."facturas"("fac_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guias_detalles" ADD CONSTRAINT "guias_detalles_cat_codigo_catalogo_cat_codigo_fk" FOREIGN KEY ("cat_codigo") REFERENCES "public"."catalogo"("cat_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guias_detalles" ADD CONSTRAINT "guias_detalles_destinatario_fk" FOREIGN KEY ("fac_codigo","gde_linea") REFERENCES "public"."guias_destinatarios"("fac_codigo","gde_linea") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_cli_codigo_clientes_cli_codigo_fk" FOREIGN KEY ("cli_codigo") REFERENCES "public"."clientes"("cli_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_fac_codigo_facturas_fac_codigo_fk" FOREIGN KEY ("fac_codigo") REFERENCES "public"."facturas"("fac_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas" ADD CONSTRAINT "ofertas_usu_codigo_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_codigo") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transportistas" ADD CONSTRAINT "transportistas_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guias_destinatarios_sustento" ON "guias_destinatarios" USING btree ("gde_sustento") WHERE "guias_destinatarios"."gde_sustento" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ofertas_numero" ON "ofertas" USING btree ("emp_codigo","ofe_numero");--> statement-breakpoint
CREATE INDEX "ofertas_empresa" ON "ofertas" USING btree ("emp_codigo","ofe_codigo");--> statement-breakpoint
CREATE INDEX "ofertas_cliente" ON "ofertas" USING btree ("cli_codigo");--> statement-breakpoint
CREATE INDEX "ofertas_factura" ON "ofertas" USING btree ("fac_codigo") WHERE "ofertas"."fac_codigo" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transportistas_identificacion" ON "transportistas" USING btree ("emp_codigo","tra_identificacion");--> statement-breakpoint
CREATE INDEX "transportistas_empresa" ON "transportistas" USING btree ("emp_codigo","tra_codigo");--> statement-breakpoint
CREATE INDEX "transportistas_nombre" ON "transportistas" USING btree ("emp_codigo","tra_razon_social","tra_codigo");--> statement-breakpoint
CREATE INDEX "transportistas_busqueda_trgm" ON "transportistas" USING gin ("tra_busqueda" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_tra_codigo_transportistas_tra_codigo_fk" FOREIGN KEY ("tra_codigo") REFERENCES "public"."transportistas"("tra_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facturas_transportista" ON "facturas" USING btree ("tra_codigo") WHERE "facturas"."tra_codigo" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_un_receptor" CHECK (num_nonnulls("facturas"."cli_codigo", "facturas"."prv_codigo", "facturas"."tra_codigo") = 1);--> statement-breakpoint
-- Guías de remisión, their carriers and quotes, given to every company as the purchase side was (0030).
INSERT INTO "menus" ("men_codigo", "men_area", "men_nombre", "men_ruta", "men_icono", "men_orden", "men_permiso") VALUES
  (115, 'empresa', 'Ofertas', 'ofertas', 'request_quote', 4, 'ofertas'),
  (116, 'empresa', 'Guías de remisión', 'guiasRemision', 'route', 9, 'guiasRemision'),
  (117, 'empresa', 'Transportistas', 'transportistas', 'airport_shuttle', 13, 'transportistas')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_empresa" ("emp_codigo", "men_codigo")
  SELECT "emp_codigo", m."men_codigo" FROM "empresas", (VALUES (115), (116), (117)) AS m("men_codigo")
ON CONFLICT DO NOTHING;
