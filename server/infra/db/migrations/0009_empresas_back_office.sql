-- The companies back office (issue 9). What the search column indexes: RUC and names in lower case without accents,
-- so "jose" finds "JOSÉ" through one trigram index (a plain SQL function: PGlite has no unaccent).
CREATE FUNCTION amelia_busqueda(texto text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(texto, 'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑáàäâéèëêíìïîóòöôúùüûñ', 'AAAAEEEEIIIIOOOOUUUUNaaaaeeeeiiiioooouuuun'))
$$;
--> statement-breakpoint
CREATE TABLE "bancos" (
	"ban_codigo" serial PRIMARY KEY NOT NULL,
	"ban_nombre" varchar(120) NOT NULL,
	"ban_tipo_cuenta" varchar(10) NOT NULL,
	"ban_numero" varchar(30) NOT NULL,
	"ban_activo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empresas_contadores" (
	"emp_distribuidor" integer NOT NULL,
	"emp_comprobacion" varchar(12) NOT NULL,
	"emp_activo" boolean NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "empresas_contadores_emp_distribuidor_emp_comprobacion_emp_activo_pk" PRIMARY KEY("emp_distribuidor","emp_comprobacion","emp_activo")
);
--> statement-breakpoint
CREATE TABLE "empresas_historial" (
	"his_id" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"his_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"adm_codigo" integer,
	"usu_codigo" integer,
	"his_usuario" varchar(60) NOT NULL,
	"his_accion" varchar(20) NOT NULL,
	"his_descripcion" text NOT NULL,
	"his_antes" jsonb,
	"his_despues" jsonb
);
--> statement-breakpoint
CREATE TABLE "establecimientos" (
	"est_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"est_numero" varchar(3) NOT NULL,
	"est_nombre" varchar(200),
	"est_direccion" varchar(300) NOT NULL,
	"est_activo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmas" (
	"fir_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"fir_actual" boolean DEFAULT true NOT NULL,
	"arc_id" varchar(40),
	"fir_clave" text,
	"fir_titular" varchar(300) NOT NULL,
	"fir_emisor" varchar(300) NOT NULL,
	"fir_serie" varchar(80) NOT NULL,
	"fir_identificacion" varchar(13),
	"fir_desde" timestamp with time zone NOT NULL,
	"fir_hasta" timestamp with time zone NOT NULL,
	"fir_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"adm_codigo" integer,
	"usu_codigo" integer
);
--> statement-breakpoint
CREATE TABLE "pagos" (
	"pag_codigo" serial PRIMARY KEY NOT NULL,
	"emp_codigo" integer NOT NULL,
	"pag_origen" varchar(10) DEFAULT 'admin' NOT NULL,
	"pag_referencia" varchar(60) NOT NULL,
	"pag_monto" numeric(12, 2),
	"pag_fechapago" date,
	"ban_codigo" integer,
	"arc_id" varchar(40),
	"adm_codigo" integer,
	"pag_fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "puntos_emision" (
	"pem_codigo" serial PRIMARY KEY NOT NULL,
	"est_codigo" integer NOT NULL,
	"pem_numero" varchar(3) NOT NULL,
	"pem_nombre" varchar(120),
	"pem_activo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
DROP INDEX "empresas_distribuidor";--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_direccion" varchar(300);--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_celular" varchar(20);--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_contabilidad" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_contribuyente_especial" varchar(13);--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_agente_retencion" varchar(13);--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_rimpe" varchar(20);--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_ambiente" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_logo" varchar(40);--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_comprobacion" varchar(12) DEFAULT 'PENDIENTE' NOT NULL;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_motivo_rechazo" text;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_actualizado" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_plan_caduca" date;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_firma_caduca" date;--> statement-breakpoint
ALTER TABLE "empresas" ADD COLUMN "emp_busqueda" text GENERATED ALWAYS AS (amelia_busqueda("empresas"."emp_ruc" || ' ' || "empresas"."emp_nombre" || ' ' || "empresas"."emp_nombrec")) STORED;--> statement-breakpoint
ALTER TABLE "empresas_historial" ADD CONSTRAINT "empresas_historial_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresas_historial" ADD CONSTRAINT "empresas_historial_adm_codigo_administradores_adm_codigo_fk" FOREIGN KEY ("adm_codigo") REFERENCES "public"."administradores"("adm_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresas_historial" ADD CONSTRAINT "empresas_historial_usu_codigo_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_codigo") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "establecimientos" ADD CONSTRAINT "establecimientos_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmas" ADD CONSTRAINT "firmas_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmas" ADD CONSTRAINT "firmas_arc_id_archivos_arc_id_fk" FOREIGN KEY ("arc_id") REFERENCES "public"."archivos"("arc_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmas" ADD CONSTRAINT "firmas_adm_codigo_administradores_adm_codigo_fk" FOREIGN KEY ("adm_codigo") REFERENCES "public"."administradores"("adm_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmas" ADD CONSTRAINT "firmas_usu_codigo_usuarios_usu_codigo_fk" FOREIGN KEY ("usu_codigo") REFERENCES "public"."usuarios"("usu_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_emp_codigo_empresas_emp_codigo_fk" FOREIGN KEY ("emp_codigo") REFERENCES "public"."empresas"("emp_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_ban_codigo_bancos_ban_codigo_fk" FOREIGN KEY ("ban_codigo") REFERENCES "public"."bancos"("ban_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_arc_id_archivos_arc_id_fk" FOREIGN KEY ("arc_id") REFERENCES "public"."archivos"("arc_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_adm_codigo_administradores_adm_codigo_fk" FOREIGN KEY ("adm_codigo") REFERENCES "public"."administradores"("adm_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puntos_emision" ADD CONSTRAINT "puntos_emision_est_codigo_establecimientos_est_codigo_fk" FOREIGN KEY ("est_codigo") REFERENCES "public"."establecimientos"("est_codigo") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "empresas_historial_empresa" ON "empresas_historial" USING btree ("emp_codigo","his_id");--> statement-breakpoint
CREATE UNIQUE INDEX "establecimientos_empresa_numero" ON "establecimientos" USING btree ("emp_codigo","est_numero");--> statement-breakpoint
CREATE INDEX "firmas_empresa" ON "firmas" USING btree ("emp_codigo","fir_codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "firmas_una_actual" ON "firmas" USING btree ("emp_codigo") WHERE "firmas"."fir_actual";--> statement-breakpoint
CREATE INDEX "pagos_empresa" ON "pagos" USING btree ("emp_codigo","pag_codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "puntos_emision_establecimiento_numero" ON "puntos_emision" USING btree ("est_codigo","pem_numero");--> statement-breakpoint
ALTER TABLE "empresas" ADD CONSTRAINT "empresas_emp_logo_archivos_arc_id_fk" FOREIGN KEY ("emp_logo") REFERENCES "public"."archivos"("arc_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "empresas_busqueda_trgm" ON "empresas" USING gin ("emp_busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "empresas_ruc_prefijo" ON "empresas" USING btree ("emp_ruc" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "empresas_comprobacion_id" ON "empresas" USING btree ("emp_comprobacion","emp_codigo");--> statement-breakpoint
CREATE INDEX "empresas_plan_caduca" ON "empresas" USING btree ("emp_plan_caduca","emp_codigo");--> statement-breakpoint
CREATE INDEX "empresas_firma_caduca" ON "empresas" USING btree ("emp_firma_caduca","emp_codigo");--> statement-breakpoint
CREATE INDEX "empresas_nombre_id" ON "empresas" USING btree ("emp_nombre","emp_codigo");--> statement-breakpoint
CREATE INDEX "empresas_distribuidor" ON "empresas" USING btree ("emp_distribuidor","emp_codigo");--> statement-breakpoint
-- Companies already here were set up by hand: verified, except those registered with a payment proof and no plan.
UPDATE "empresas" e SET "emp_comprobacion" = CASE
  WHEN EXISTS (SELECT 1 FROM "pagos_registro" p WHERE p."emp_codigo" = e."emp_codigo")
   AND NOT EXISTS (SELECT 1 FROM "planes_empresa" pe WHERE pe."emp_codigo" = e."emp_codigo") THEN 'PENDIENTE'
  ELSE 'VERIFICADA' END;
--> statement-breakpoint
UPDATE "empresas" e SET "emp_plan_caduca" = (SELECT max(pe."planempresa_caduca") FROM "planes_empresa" pe WHERE pe."emp_codigo" = e."emp_codigo");
--> statement-breakpoint
INSERT INTO "pagos" ("emp_codigo", "pag_origen", "pag_referencia", "arc_id", "pag_fecha")
  SELECT "emp_codigo", 'registro', "pag_referencia", "arc_id", "pag_fecha" FROM "pagos_registro" ORDER BY "pag_codigo";
--> statement-breakpoint
-- EMP_PLAN_CADUCA follows the company's latest plan, whatever changes planes_empresa.
CREATE FUNCTION empresas_plan_caduca() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE empresas e SET emp_plan_caduca = (SELECT max(pe.planempresa_caduca) FROM planes_empresa pe WHERE pe.emp_codigo = e.emp_codigo)
  WHERE e.emp_codigo IN (SELECT emp_codigo FROM cambiadas);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER empresas_plan_caduca_insercion AFTER INSERT ON planes_empresa REFERENCING NEW TABLE AS cambiadas
  FOR EACH STATEMENT EXECUTE FUNCTION empresas_plan_caduca();
--> statement-breakpoint
CREATE TRIGGER empresas_plan_caduca_borrado AFTER DELETE ON planes_empresa REFERENCING OLD TABLE AS cambiadas
  FOR EACH STATEMENT EXECUTE FUNCTION empresas_plan_caduca();
--> statement-breakpoint
CREATE TRIGGER empresas_plan_caduca_cambio AFTER UPDATE ON planes_empresa REFERENCING NEW TABLE AS cambiadas
  FOR EACH STATEMENT EXECUTE FUNCTION empresas_plan_caduca();
--> statement-breakpoint
-- Counts by distributor, check state and active flag for the list's header (same pattern as soporte_contadores).
CREATE FUNCTION empresas_contadores_sumar(cambios jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO empresas_contadores AS c (emp_distribuidor, emp_comprobacion, emp_activo, total)
  SELECT (e->>0)::int, e->>1, (e->>2)::boolean, (e->>3)::bigint FROM jsonb_array_elements(cambios) e
  ON CONFLICT (emp_distribuidor, emp_comprobacion, emp_activo) DO UPDATE SET total = c.total + excluded.total
$$;
--> statement-breakpoint
CREATE FUNCTION empresas_contadores_insercion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM empresas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(d, emp_comprobacion, emp_activo, n)) FROM (
      SELECT coalesce(emp_distribuidor, 0) AS d, emp_comprobacion, emp_activo, count(*) AS n FROM nuevas GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION empresas_contadores_borrado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM empresas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(d, emp_comprobacion, emp_activo, -n)) FROM (
      SELECT coalesce(emp_distribuidor, 0) AS d, emp_comprobacion, emp_activo, count(*) AS n FROM viejas GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION empresas_contadores_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM empresas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(d, emp_comprobacion, emp_activo, n)) FROM (
      SELECT d, emp_comprobacion, emp_activo, sum(n) AS n FROM (
        SELECT coalesce(emp_distribuidor, 0) AS d, emp_comprobacion, emp_activo, 1 AS n FROM nuevas
        UNION ALL SELECT coalesce(emp_distribuidor, 0), emp_comprobacion, emp_activo, -1 FROM viejas) u
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION empresas_contadores_vaciado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM empresas_contadores;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER empresas_contadores_insercion AFTER INSERT ON empresas REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION empresas_contadores_insercion();
--> statement-breakpoint
CREATE TRIGGER empresas_contadores_borrado AFTER DELETE ON empresas REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION empresas_contadores_borrado();
--> statement-breakpoint
CREATE TRIGGER empresas_contadores_cambio AFTER UPDATE ON empresas REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION empresas_contadores_cambio();
--> statement-breakpoint
CREATE TRIGGER empresas_contadores_vaciado AFTER TRUNCATE ON empresas
  FOR EACH STATEMENT EXECUTE FUNCTION empresas_contadores_vaciado();
--> statement-breakpoint
INSERT INTO empresas_contadores (emp_distribuidor, emp_comprobacion, emp_activo, total)
  SELECT coalesce(emp_distribuidor, 0), emp_comprobacion, emp_activo, count(*) FROM empresas GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The provider's collection accounts (administered under issue 11).
INSERT INTO "bancos" ("ban_nombre", "ban_tipo_cuenta", "ban_numero") VALUES
  ('Banco Pichincha', 'CORRIENTE', '2100123456'),
  ('Banco Guayaquil', 'AHORROS', '0012345678'),
  ('Produbanco', 'CORRIENTE', '02005012345');
--> statement-breakpoint
INSERT INTO "menus" ("men_codigo", "men_area", "men_nombre", "men_ruta", "men_icono", "men_orden") VALUES
  (6, 'admin', 'Empresas', 'empresas', 'business', 5),
  (104, 'empresa', 'Firma electrónica', 'firma', 'key', 50)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_roles" ("prf_codigo", "men_codigo") VALUES (1, 6), (2, 6) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_empresa" ("emp_codigo", "men_codigo") SELECT "emp_codigo", 104 FROM "empresas" ON CONFLICT DO NOTHING;
