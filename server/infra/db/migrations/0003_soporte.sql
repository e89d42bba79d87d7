CREATE TABLE "asesores" (
	"ase_codigo" serial PRIMARY KEY NOT NULL,
	"ase_nombre" varchar(150) NOT NULL,
	"ase_correo" varchar(150),
	"ase_identificacion" varchar(13) NOT NULL,
	"ase_activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "asesores_ase_identificacion_unique" UNIQUE("ase_identificacion")
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"prod_id" serial PRIMARY KEY NOT NULL,
	"prod_nombre" varchar(120) NOT NULL,
	"prod_activo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soporte" (
	"spt_id" serial PRIMARY KEY NOT NULL,
	"spt_productos" integer NOT NULL,
	"spt_ruc" varchar(13) NOT NULL,
	"spt_clientenombre" varchar(200) NOT NULL,
	"spt_clientecorreo" varchar(150) NOT NULL,
	"spt_clientetelefono" varchar(10),
	"spt_asunto" varchar(4) NOT NULL,
	"spt_mensaje" text NOT NULL,
	"spt_estado" varchar(12) DEFAULT 'ABIERTO' NOT NULL,
	"spt_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"spt_actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"spt_nombrearchivo" varchar(255),
	"spt_archivocliente" varchar(40),
	"spt_archivoasesor" varchar(40),
	"ase_codigo" integer,
	"spt_respuesta" text,
	"spt_correo_enviado" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "soporte_historial" (
	"his_id" serial PRIMARY KEY NOT NULL,
	"spt_id" integer NOT NULL,
	"his_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"adm_codigo" integer,
	"his_usuario" varchar(60) NOT NULL,
	"his_accion" varchar(20) NOT NULL,
	"his_descripcion" text NOT NULL,
	"his_estado_anterior" varchar(12),
	"his_estado_nuevo" varchar(12),
	"his_comentario" text
);
--> statement-breakpoint
ALTER TABLE "soporte" ADD CONSTRAINT "soporte_spt_productos_productos_prod_id_fk" FOREIGN KEY ("spt_productos") REFERENCES "public"."productos"("prod_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soporte" ADD CONSTRAINT "soporte_spt_archivocliente_archivos_arc_id_fk" FOREIGN KEY ("spt_archivocliente") REFERENCES "public"."archivos"("arc_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soporte" ADD CONSTRAINT "soporte_spt_archivoasesor_archivos_arc_id_fk" FOREIGN KEY ("spt_archivoasesor") REFERENCES "public"."archivos"("arc_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soporte" ADD CONSTRAINT "soporte_ase_codigo_asesores_ase_codigo_fk" FOREIGN KEY ("ase_codigo") REFERENCES "public"."asesores"("ase_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soporte_historial" ADD CONSTRAINT "soporte_historial_spt_id_soporte_spt_id_fk" FOREIGN KEY ("spt_id") REFERENCES "public"."soporte"("spt_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "soporte_historial" ADD CONSTRAINT "soporte_historial_adm_codigo_administradores_adm_codigo_fk" FOREIGN KEY ("adm_codigo") REFERENCES "public"."administradores"("adm_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asesores_nombre_trgm" ON "asesores" USING gin ("ase_nombre" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "productos_nombre_unico" ON "productos" USING btree (lower("prod_nombre"));--> statement-breakpoint
CREATE INDEX "soporte_clientenombre_trgm" ON "soporte" USING gin ("spt_clientenombre" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "soporte_estado" ON "soporte" USING btree ("spt_estado");--> statement-breakpoint
CREATE INDEX "soporte_fecha" ON "soporte" USING btree ("spt_fecha");--> statement-breakpoint
CREATE INDEX "soporte_ruc" ON "soporte" USING btree ("spt_ruc" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "soporte_asesor" ON "soporte" USING btree ("ase_codigo");--> statement-breakpoint
CREATE INDEX "soporte_historial_ticket" ON "soporte_historial" USING btree ("spt_id","his_id");