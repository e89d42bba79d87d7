CREATE TABLE "catalogo" (
	"cat_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"cat_principal" varchar(25) NOT NULL,
	"cat_auxiliar" varchar(25),
	"cat_descripcion" varchar(300) NOT NULL,
	"cat_tipo" varchar(1) DEFAULT 'B' NOT NULL,
	"cat_precio" numeric(18, 6) NOT NULL,
	"cat_iva" varchar(2) NOT NULL,
	"cat_ice_codigo" varchar(4),
	"cat_ice_tarifa" numeric(7, 2),
	"cat_activo" boolean DEFAULT true NOT NULL,
	"cat_creado" timestamp with time zone DEFAULT now() NOT NULL,
	"cat_actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"cat_busqueda" text GENERATED ALWAYS AS (amelia_busqueda("catalogo"."cat_principal" || ' ' || coalesce("catalogo"."cat_auxiliar", '') || ' ' || "catalogo"."cat_descripcion")) STORED
);
--> statement-breakpoint
CREATE TABLE "facturas" (
	"fac_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"pem_codigo" integer NOT NULL,
	"cli_codigo" integer NOT NULL,
	"fac_estado" varchar(12) DEFAULT 'BORRADOR' NOT NULL,
	"fac_fecha" date NOT NULL,
	"fac_secuencial" integer,
	"fac_numero" varchar(17),
	"fac_clave_acceso" varchar(49),
	"fac_ambiente" smallint,
	"fac_subtotal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fac_descuento" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fac_iva" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fac_propina" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fac_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fac_adicional" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fac_xml" text,
	"fac_autorizacion" varchar(49),
	"fac_fecha_autorizacion" timestamp with time zone,
	"usu_codigo" integer,
	"fac_creado" timestamp with time zone DEFAULT now() NOT NULL,
	"fac_actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facturas_fac_clave_acceso_unique" UNIQUE("fac_clave_acceso")
);
--> statement-breakpoint
CREATE TABLE "facturas_detalles" (
	"fac_codigo" integer NOT NULL,
	"fde_linea" smallint NOT NULL,
	"cat_codigo" integer,
	"fde_principal" varchar(25),
	"fde_auxiliar" varchar(25),
	"fde_descripcion" varchar(300) NOT NULL,
	"fde_cantidad" numeric(18, 6) NOT NULL,
	"fde_precio" numeric(18, 6) NOT NULL,
	"fde_descuento" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fde_iva" varchar(2) NOT NULL,
	"fde_ice_codigo" varchar(4),
	"fde_ice_tarifa" numeric(7, 2),
	"fde_subtotal" numeric(14, 2) NOT NULL,
	CONSTRAINT "facturas_detalles_fac_codigo_fde_linea_pk" PRIMARY KEY("fac_codigo","fde_linea")
);
--> statement-breakpoint
CREATE TABLE "facturas_pagos" (
	"fac_codigo" integer NOT NULL,
	"fpa_linea" smallint NOT NULL,
	"fpa_forma" varchar(2) NOT NULL,
	"fpa_total" numeric(14, 2) NOT NULL,
	"fpa_plazo" integer,
	"fpa_unidad" varchar(10),
	CONSTRAINT "facturas_pagos_fac_codigo_fpa_linea_pk" PRIMARY KEY("fac_codigo","fpa_linea")
);
--> statement-breakpoint
CREATE TABLE "secuenciales" (
	"pem_codigo" integer NOT NULL,
	"sec_tipo" varchar(2) NOT NULL,
	"sec_siguiente" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "secuenciales_pem_codigo_sec_tipo_pk" PRIMARY KEY("pem_codigo","sec_tipo")
);
--> statement-breakpoint
ALTER TABLE "catalogo" ADD CONSTRAINT "catalogo_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_pem_codigo_puntos_emision_pem_codigo_fk" FOREIGN KEY ("pem_codigo") REFERENCES "public"."puntos_emision"("pem_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_cli_codigo_clientes_cli_codigo_fk" FOREIGN KEY ("cli_codigo") REFERENCES "public"."clientes"("cli_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_usu_codigo_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_codigo") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_detalles" ADD CONSTRAINT "facturas_detalles_fac_codigo_facturas_fac_codigo_fk" FOREIGN KEY ("fac_codigo") REFERENCES "public"."facturas"("fac_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_detalles" ADD CONSTRAINT "facturas_detalles_cat_codigo_catalogo_cat_codigo_fk" FOREIGN KEY ("cat_codigo") REFERENCES "public"."catalogo"("cat_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facturas_pagos" ADD CONSTRAINT "facturas_pagos_fac_codigo_facturas_fac_codigo_fk" FOREIGN KEY ("fac_codigo") REFERENCES "public"."facturas"("fac_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secuenciales" ADD CONSTRAINT "secuenciales_pem_codigo_puntos_emision_pem_codigo_fk" FOREIGN KEY ("pem_codigo") REFERENCES "public"."puntos_emision"("pem_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogo_principal" ON "catalogo" USING btree ("emp_codigo",lower("cat_principal"));--> statement-breakpoint
CREATE INDEX "catalogo_empresa" ON "catalogo" USING btree ("emp_codigo","cat_codigo");--> statement-breakpoint
CREATE INDEX "catalogo_descripcion" ON "catalogo" USING btree ("emp_codigo","cat_descripcion","cat_codigo");--> statement-breakpoint
CREATE INDEX "catalogo_busqueda_trgm" ON "catalogo" USING gin ("cat_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_numero" ON "facturas" USING btree ("pem_codigo","fac_secuencial");--> statement-breakpoint
CREATE INDEX "facturas_empresa" ON "facturas" USING btree ("emp_codigo","fac_codigo");--> statement-breakpoint
CREATE INDEX "facturas_empresa_fecha" ON "facturas" USING btree ("emp_codigo","fac_fecha","fac_codigo");--> statement-breakpoint
CREATE INDEX "facturas_cliente" ON "facturas" USING btree ("cli_codigo");--> statement-breakpoint
CREATE INDEX "facturas_detalles_catalogo" ON "facturas_detalles" USING btree ("cat_codigo");--> statement-breakpoint
-- The catalogue and the invoices, given to every company (registration gives every company entry).
INSERT INTO "menus" ("men_codigo", "men_area", "men_nombre", "men_ruta", "men_icono", "men_orden", "men_permiso") VALUES
  (107, 'empresa', 'Facturas', 'facturas', 'receipt', 5, 'facturas'),
  (108, 'empresa', 'Productos', 'catalogo', 'inventory', 20, 'catalogo')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_empresa" ("emp_codigo", "men_codigo")
  SELECT "emp_codigo", m."men_codigo" FROM "empresas", (VALUES (107), (108)) AS m("men_codigo")
ON CONFLICT DO NOTHING;
