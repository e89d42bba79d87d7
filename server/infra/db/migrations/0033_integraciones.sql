CREATE TABLE "claves_api" (
	"cla_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"usu_codigo" integer NOT NULL,
	"cla_nombre" varchar(60) NOT NULL,
	"cla_prefijo" varchar(16) NOT NULL,
	"cla_hash" varchar(64) NOT NULL,
	"cla_alcances" varchar(10)[] NOT NULL,
	"cla_creada" timestamp with time zone DEFAULT now() NOT NULL,
	"cla_ultimo_uso" timestamp with time zone,
	"cla_revocada" timestamp with time zone,
	"cla_ventana" timestamp with time zone,
	"cla_cuenta" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotencia" (
	"emp_codigo" integer NOT NULL,
	"ide_clave" varchar(255) NOT NULL,
	"ide_huella" varchar(64) NOT NULL,
	"ide_estado" integer,
	"ide_tipo" varchar(100),
	"ide_respuesta" text,
	"ide_creada" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotencia_emp_codigo_ide_clave_pk" PRIMARY KEY("emp_codigo","ide_clave")
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"web_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"web_url" varchar(500) NOT NULL,
	"web_descripcion" varchar(100),
	"web_secreto" text NOT NULL,
	"web_eventos" varchar(40)[] NOT NULL,
	"web_activo" boolean DEFAULT true NOT NULL,
	"web_creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks_entregas" (
	"ent_codigo" serial PRIMARY KEY NOT NULL,
	"web_codigo" integer NOT NULL,
	"emp_codigo" integer NOT NULL,
	"ent_evento" varchar(40) NOT NULL,
	"fac_codigo" integer,
	"ent_cuerpo" jsonb NOT NULL,
	"ent_estado" varchar(10) DEFAULT 'PENDIENTE' NOT NULL,
	"ent_intentos" integer DEFAULT 0 NOT NULL,
	"ent_proximo" timestamp with time zone DEFAULT now() NOT NULL,
	"ent_tomada_hasta" timestamp with time zone,
	"ent_intentos_detalle" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ent_creada" timestamp with time zone DEFAULT now() NOT NULL,
	"ent_entregada" timestamp with time zone,
	CONSTRAINT "webhooks_entregas_estado" CHECK ("webhooks_entregas"."ent_estado" IN ('PENDIENTE', 'ENTREGADA', 'FALLIDA'))
);
--> statement-breakpoint
ALTER TABLE "empresas_historial" ADD COLUMN "cla_codigo" integer;--> statement-breakpoint
ALTER TABLE "claves_api" ADD CONSTRAINT "claves_api_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claves_api" ADD CONSTRAINT "claves_api_usu_codigo_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_codigo") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks_entregas" ADD CONSTRAINT "webhooks_entregas_web_codigo_webhooks_web_codigo_fk" FOREIGN KEY ("web_codigo") REFERENCES "public"."webhooks"("web_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks_entregas" ADD CONSTRAINT "webhooks_entregas_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks_entregas" ADD CONSTRAINT "webhooks_entregas_fac_codigo_facturas_fac_codigo_fk" FOREIGN KEY ("fac_codigo") REFERENCES "public"."facturas"("fac_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claves_api_hash" ON "claves_api" USING btree ("cla_hash");--> statement-breakpoint
CREATE INDEX "claves_api_empresa" ON "claves_api" USING btree ("emp_codigo","cla_codigo");--> statement-breakpoint
CREATE INDEX "idempotencia_creada" ON "idempotencia" USING btree ("ide_creada");--> statement-breakpoint
CREATE INDEX "webhooks_empresa" ON "webhooks" USING btree ("emp_codigo","web_codigo");--> statement-breakpoint
CREATE INDEX "webhooks_entregas_proximo" ON "webhooks_entregas" USING btree ("ent_proximo") WHERE "webhooks_entregas"."ent_estado" = 'PENDIENTE';--> statement-breakpoint
CREATE INDEX "webhooks_entregas_webhook" ON "webhooks_entregas" USING btree ("web_codigo","ent_codigo");--> statement-breakpoint
CREATE INDEX "webhooks_entregas_empresa" ON "webhooks_entregas" USING btree ("emp_codigo","ent_codigo");--> statement-breakpoint
ALTER TABLE "empresas_historial" ADD CONSTRAINT "empresas_historial_cla_codigo_claves_api_cla_codigo_fk" FOREIGN KEY ("cla_codigo") REFERENCES "public"."claves_api"("cla_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "empresas_historial_clave" ON "empresas_historial" USING btree ("cla_codigo","his_id") WHERE "empresas_historial"."cla_codigo" IS NOT NULL;--> statement-breakpoint
-- Integrations (API keys and webhooks), given to every company: the routes admit only its administrador.
INSERT INTO "menus" ("men_codigo", "men_area", "men_nombre", "men_ruta", "men_icono", "men_orden", "men_permiso") VALUES
  (118, 'empresa', 'Claves de API', 'clavesApi', 'vpn_key', 61, 'clavesApi'),
  (119, 'empresa', 'Webhooks', 'webhooks', 'webhook', 62, 'webhooks')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_empresa" ("emp_codigo", "men_codigo")
  SELECT "emp_codigo", m."men_codigo" FROM "empresas", (VALUES (118), (119)) AS m("men_codigo")
ON CONFLICT DO NOTHING;
