CREATE TABLE "administradores" (
	"adm_codigo" serial PRIMARY KEY NOT NULL,
	"adm_usuario" varchar(60) NOT NULL,
	"adm_clave" text NOT NULL,
	"adm_nombre" varchar(150) NOT NULL,
	"adm_correo" varchar(150),
	"prf_codigo" integer NOT NULL,
	"drb_contador" smallint DEFAULT 0 NOT NULL,
	"adm_activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "administradores_adm_usuario_unique" UNIQUE("adm_usuario")
);
--> statement-breakpoint
CREATE TABLE "archivos" (
	"arc_id" varchar(40) PRIMARY KEY NOT NULL,
	"arc_nombre" varchar(255) NOT NULL,
	"arc_tipo" varchar(100) NOT NULL,
	"arc_tamano" integer NOT NULL,
	"arc_propietario" varchar(60) NOT NULL,
	"arc_fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configuraciones" (
	"con_codigo" integer PRIMARY KEY NOT NULL,
	"con_nombre" varchar(120) NOT NULL,
	"con_valor1" text,
	"con_valor2" text,
	"con_valor3" text,
	"con_valor4" text,
	"con_valor5" text,
	"con_valor6" text,
	"con_valor7" text,
	"con_valor8" text
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"emp_codigo" serial PRIMARY KEY NOT NULL,
	"emp_ruc" varchar(13) NOT NULL,
	"emp_nombrec" varchar(200) NOT NULL,
	"emp_nombre" varchar(200) NOT NULL,
	"emp_correo" varchar(150) NOT NULL,
	"emp_telefono" varchar(20),
	"emp_activo" boolean DEFAULT true NOT NULL,
	"emp_distribuidor" integer,
	"emp_firma" text,
	"emp_fecharegistro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresas_emp_ruc_unique" UNIQUE("emp_ruc")
);
--> statement-breakpoint
CREATE TABLE "ingresos_distribuidor" (
	"ing_codigo" serial PRIMARY KEY NOT NULL,
	"adm_codigo" integer NOT NULL,
	"emp_codigo" integer NOT NULL,
	"usu_codigo" integer NOT NULL,
	"ing_ip" varchar(64),
	"ing_fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"men_codigo" serial PRIMARY KEY NOT NULL,
	"men_area" varchar(10) NOT NULL,
	"men_nombre" varchar(80) NOT NULL,
	"men_ruta" varchar(120) NOT NULL,
	"men_icono" varchar(40) DEFAULT 'circle' NOT NULL,
	"men_orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus_empresa" (
	"emp_codigo" integer NOT NULL,
	"men_codigo" integer NOT NULL,
	CONSTRAINT "menus_empresa_emp_codigo_men_codigo_pk" PRIMARY KEY("emp_codigo","men_codigo")
);
--> statement-breakpoint
CREATE TABLE "menus_roles" (
	"prf_codigo" integer NOT NULL,
	"men_codigo" integer NOT NULL,
	CONSTRAINT "menus_roles_prf_codigo_men_codigo_pk" PRIMARY KEY("prf_codigo","men_codigo")
);
--> statement-breakpoint
CREATE TABLE "pagos_registro" (
	"pag_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"pag_referencia" varchar(60) NOT NULL,
	"arc_id" varchar(40) NOT NULL,
	"pag_fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "perfiles" (
	"prf_codigo" integer PRIMARY KEY NOT NULL,
	"prf_nombre" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planes" (
	"plan_id" serial PRIMARY KEY NOT NULL,
	"plan_nombre" varchar(120) NOT NULL,
	"plan_tipo" varchar(1) DEFAULT 'V' NOT NULL,
	"plan_comprobantes" integer NOT NULL,
	"plan_dias" integer NOT NULL,
	"plan_precio" varchar(20) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planes_empresa" (
	"planempresa_id" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"planempresa_inicio" date NOT NULL,
	"planempresa_caduca" date NOT NULL,
	"planempresa_extension" varchar(10)
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"usu_codigo" serial PRIMARY KEY NOT NULL,
	"com_codigo" integer NOT NULL,
	"usu_usuario" varchar(60) NOT NULL,
	"usu_clave" text NOT NULL,
	"usu_nombre" varchar(150),
	"usu_correo" varchar(150),
	"usu_activo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "administradores" ADD CONSTRAINT "administradores_prf_codigo_perfiles_prf_codigo_fk" FOREIGN KEY ("prf_codigo") REFERENCES "public"."perfiles"("prf_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresas" ADD CONSTRAINT "empresas_emp_distribuidor_administradores_adm_codigo_fk" FOREIGN KEY ("emp_distribuidor") REFERENCES "public"."administradores"("adm_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingresos_distribuidor" ADD CONSTRAINT "ingresos_distribuidor_adm_codigo_administradores_adm_codigo_fk" FOREIGN KEY ("adm_codigo") REFERENCES "public"."administradores"("adm_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingresos_distribuidor" ADD CONSTRAINT "ingresos_distribuidor_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingresos_distribuidor" ADD CONSTRAINT "ingresos_distribuidor_usu_codigo_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_codigo") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus_empresa" ADD CONSTRAINT "menus_empresa_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus_empresa" ADD CONSTRAINT "menus_empresa_men_codigo_menus_men_codigo_fk" FOREIGN KEY ("men_codigo") REFERENCES "public"."menus"("men_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus_roles" ADD CONSTRAINT "menus_roles_prf_codigo_perfiles_prf_codigo_fk" FOREIGN KEY ("prf_codigo") REFERENCES "public"."perfiles"("prf_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus_roles" ADD CONSTRAINT "menus_roles_men_codigo_menus_men_codigo_fk" FOREIGN KEY ("men_codigo") REFERENCES "public"."menus"("men_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_registro" ADD CONSTRAINT "pagos_registro_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_registro" ADD CONSTRAINT "pagos_registro_arc_id_archivos_arc_id_fk" FOREIGN KEY ("arc_id") REFERENCES "public"."archivos"("arc_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD CONSTRAINT "planes_empresa_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD CONSTRAINT "planes_empresa_plan_id_planes_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes"("plan_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_com_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("com_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "empresas_nombre_trgm" ON "empresas" USING gin ("emp_nombre" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "empresas_nombrec_trgm" ON "empresas" USING gin ("emp_nombrec" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ingresos_distribuidor_emp" ON "ingresos_distribuidor" USING btree ("emp_codigo");--> statement-breakpoint
CREATE INDEX "planes_empresa_emp" ON "planes_empresa" USING btree ("emp_codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_empresa_usuario" ON "usuarios" USING btree ("com_codigo","usu_usuario");