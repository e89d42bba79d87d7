CREATE TABLE "intentos" (
	"int_clave" varchar(300) PRIMARY KEY NOT NULL,
	"int_cuenta" integer NOT NULL,
	"int_ultimo" timestamp with time zone NOT NULL,
	"int_vence" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"ses_id" varchar(32) PRIMARY KEY NOT NULL,
	"ses_tipo" varchar(10) NOT NULL,
	"usu_codigo" integer,
	"adm_codigo" integer,
	"ses_cambiar_clave" boolean DEFAULT false NOT NULL,
	"ses_creada" timestamp with time zone DEFAULT now() NOT NULL,
	"ses_vence" timestamp with time zone NOT NULL,
	"ses_revocada" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "usu_clave_temporal" text;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "usu_clave_temporal_vence" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_usu_codigo_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_codigo") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_adm_codigo_administradores_adm_codigo_fk" FOREIGN KEY ("adm_codigo") REFERENCES "public"."administradores"("adm_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intentos_vence" ON "intentos" USING btree ("int_vence");--> statement-breakpoint
CREATE INDEX "sesiones_usuario" ON "sesiones" USING btree ("usu_codigo");--> statement-breakpoint
CREATE INDEX "sesiones_admin" ON "sesiones" USING btree ("adm_codigo");--> statement-breakpoint
CREATE INDEX "sesiones_vence" ON "sesiones" USING btree ("ses_vence");--> statement-breakpoint
CREATE INDEX "empresas_distribuidor" ON "empresas" USING btree ("emp_distribuidor");