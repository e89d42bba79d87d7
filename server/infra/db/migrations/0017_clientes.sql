CREATE TABLE "clientes" (
	"cli_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"cli_tipo_identificacion" varchar(2) NOT NULL,
	"cli_identificacion" varchar(20) NOT NULL,
	"cli_razon_social" varchar(300) NOT NULL,
	"cli_nombre_comercial" varchar(300),
	"cli_correos" text[] DEFAULT '{}'::text[] NOT NULL,
	"cli_telefonos" text[] DEFAULT '{}'::text[] NOT NULL,
	"cli_direccion" varchar(300),
	"tcl_codigo" integer,
	"gcl_codigo" integer,
	"tju_codigo" integer,
	"cli_vendedor" integer,
	"cli_dias_credito" integer DEFAULT 0 NOT NULL,
	"cli_limite_credito" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cli_activo" boolean DEFAULT true NOT NULL,
	"cli_observacion" text,
	"cli_consumidor_final" boolean DEFAULT false NOT NULL,
	"cli_banderas" jsonb,
	"cli_creado" timestamp with time zone DEFAULT now() NOT NULL,
	"cli_actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"cli_busqueda" text GENERATED ALWAYS AS (amelia_busqueda("clientes"."cli_identificacion" || ' ' || "clientes"."cli_razon_social" || ' ' || coalesce("clientes"."cli_nombre_comercial", ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "clientes_documentos" (
	"cdo_id" serial PRIMARY KEY NOT NULL,
	"cli_codigo" integer NOT NULL,
	"emp_codigo" integer NOT NULL,
	"cdo_nombre" varchar(200) NOT NULL,
	"cdo_ruta" text NOT NULL,
	"cdo_tipo" varchar(100) NOT NULL,
	"cdo_bytes" integer NOT NULL,
	"cdo_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usu_codigo" integer
);
--> statement-breakpoint
CREATE TABLE "clientes_envios" (
	"cen_id" serial PRIMARY KEY NOT NULL,
	"cli_codigo" integer NOT NULL,
	"emp_codigo" integer NOT NULL,
	"usu_codigo" integer,
	"cen_canal" varchar(10) NOT NULL,
	"cen_destino" text NOT NULL,
	"cen_asunto" varchar(200),
	"cen_resultado" varchar(10) NOT NULL,
	"cen_detalle" text,
	"cen_fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultas_cache" (
	"cca_clave" varchar(120) PRIMARY KEY NOT NULL,
	"cca_valor" jsonb NOT NULL,
	"cca_vence" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grupos_cliente" (
	"gcl_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"gcl_nombre" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_cliente" (
	"tcl_codigo" integer PRIMARY KEY NOT NULL,
	"tcl_nombre" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_juridicos" (
	"tju_codigo" integer PRIMARY KEY NOT NULL,
	"tju_nombre" varchar(60) NOT NULL,
	"tju_identificaciones" varchar(20) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "administradores" ADD COLUMN "adm_clave_temporal" text;--> statement-breakpoint
ALTER TABLE "administradores" ADD COLUMN "adm_clave_temporal_vence" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "usu_rol" varchar(20) DEFAULT 'administrador' NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_tcl_codigo_tipos_cliente_tcl_codigo_fk" FOREIGN KEY ("tcl_codigo") REFERENCES "public"."tipos_cliente"("tcl_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_gcl_codigo_grupos_cliente_gcl_codigo_fk" FOREIGN KEY ("gcl_codigo") REFERENCES "public"."grupos_cliente"("gcl_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_tju_codigo_tipos_juridicos_tju_codigo_fk" FOREIGN KEY ("tju_codigo") REFERENCES "public"."tipos_juridicos"("tju_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_cli_vendedor_usuarios_usu_codigo_fk" FOREIGN KEY ("cli_vendedor") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes_documentos" ADD CONSTRAINT "clientes_documentos_cli_codigo_clientes_cli_codigo_fk" FOREIGN KEY ("cli_codigo") REFERENCES "public"."clientes"("cli_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes_documentos" ADD CONSTRAINT "clientes_documentos_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes_documentos" ADD CONSTRAINT "clientes_documentos_usu_codigo_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_codigo") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes_envios" ADD CONSTRAINT "clientes_envios_cli_codigo_clientes_cli_codigo_fk" FOREIGN KEY ("cli_codigo") REFERENCES "public"."clientes"("cli_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes_envios" ADD CONSTRAINT "clientes_envios_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes_envios" ADD CONSTRAINT "clientes_envios_usu_codigo_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_codigo") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupos_cliente" ADD CONSTRAINT "grupos_cliente_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_identificacion" ON "clientes" USING btree ("emp_codigo","cli_identificacion");--> statement-breakpoint
CREATE INDEX "clientes_empresa" ON "clientes" USING btree ("emp_codigo","cli_codigo");--> statement-breakpoint
CREATE INDEX "clientes_vendedor" ON "clientes" USING btree ("emp_codigo","cli_vendedor","cli_codigo");--> statement-breakpoint
CREATE INDEX "clientes_busqueda_trgm" ON "clientes" USING gin ("cli_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_un_consumidor_final" ON "clientes" USING btree ("emp_codigo") WHERE "clientes"."cli_consumidor_final";--> statement-breakpoint
CREATE INDEX "clientes_documentos_cliente" ON "clientes_documentos" USING btree ("cli_codigo","cdo_id");--> statement-breakpoint
CREATE INDEX "clientes_envios_cliente" ON "clientes_envios" USING btree ("cli_codigo","cen_id");--> statement-breakpoint
CREATE INDEX "consultas_cache_vence" ON "consultas_cache" USING btree ("cca_vence");--> statement-breakpoint
CREATE UNIQUE INDEX "grupos_cliente_nombre" ON "grupos_cliente" USING btree ("emp_codigo","gcl_nombre");--> statement-breakpoint
CREATE INDEX "pagos_banco" ON "pagos" USING btree ("ban_codigo");
--> statement-breakpoint
INSERT INTO "tipos_cliente" ("tcl_codigo", "tcl_nombre") VALUES
  (1, 'Cliente final'), (2, 'Mayorista'), (3, 'Distribuidor'), (4, 'Sector público'), (5, 'Relacionado')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "tipos_juridicos" ("tju_codigo", "tju_nombre", "tju_identificaciones") VALUES
  (1, 'Persona natural', '04,05,06,08'),
  (2, 'Sociedad privada', '04,08'),
  (3, 'Sociedad pública', '04'),
  (4, 'Consumidor final', '07')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The clients book and the company's own users, given to every company (registration gives every company entry).
INSERT INTO "menus" ("men_codigo", "men_area", "men_nombre", "men_ruta", "men_icono", "men_orden", "men_permiso") VALUES
  (105, 'empresa', 'Clientes', 'clientes', 'people', 10, 'clientes'),
  (106, 'empresa', 'Usuarios', 'usuarios', 'badge', 60, 'usuarios')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_empresa" ("emp_codigo", "men_codigo")
  SELECT "emp_codigo", m."men_codigo" FROM "empresas", (VALUES (105), (106)) AS m("men_codigo")
ON CONFLICT DO NOTHING;
