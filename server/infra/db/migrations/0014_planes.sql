DROP INDEX "planes_empresa_emp";--> statement-breakpoint
-- Prices were text ("25.00"): numbers now, so they sum, compare and reject "abc".
ALTER TABLE "planes" ALTER COLUMN "plan_precio" SET DATA TYPE numeric(10, 2) USING "plan_precio"::numeric(10, 2);--> statement-breakpoint
ALTER TABLE "planes" ADD COLUMN "plan_clase" varchar(1) DEFAULT 'E' NOT NULL;--> statement-breakpoint
ALTER TABLE "planes" ADD COLUMN "plan_descripcion" varchar(300);--> statement-breakpoint
ALTER TABLE "planes" ADD COLUMN "plan_activo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD COLUMN "planempresa_clase" varchar(1) DEFAULT 'E' NOT NULL;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD COLUMN "planempresa_tipo" varchar(1) DEFAULT 'V' NOT NULL;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD COLUMN "planempresa_comprobantes" integer;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD COLUMN "planempresa_usados" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD COLUMN "planempresa_precio" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD COLUMN "arc_id" varchar(40);--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD COLUMN "pag_codigo" integer;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD COLUMN "adm_codigo" integer;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD COLUMN "planempresa_observacion" varchar(300);--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD COLUMN "planempresa_fecha" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD CONSTRAINT "planes_empresa_arc_id_archivos_arc_id_fk" FOREIGN KEY ("arc_id") REFERENCES "public"."archivos"("arc_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD CONSTRAINT "planes_empresa_pag_codigo_pagos_pag_codigo_fk" FOREIGN KEY ("pag_codigo") REFERENCES "public"."pagos"("pag_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD CONSTRAINT "planes_empresa_adm_codigo_administradores_adm_codigo_fk" FOREIGN KEY ("adm_codigo") REFERENCES "public"."administradores"("adm_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Plans sold before this migration take what their catalogue plan says today.
UPDATE "planes_empresa" pe SET "planempresa_comprobantes" = p."plan_comprobantes", "planempresa_precio" = p."plan_precio",
  "planempresa_tipo" = p."plan_tipo", "planempresa_clase" = p."plan_clase"
  FROM "planes" p WHERE p."plan_id" = pe."plan_id";--> statement-breakpoint
ALTER TABLE "planes_empresa" ALTER COLUMN "planempresa_comprobantes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "planes_empresa" ALTER COLUMN "planempresa_precio" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "planes_nombre_unico" ON "planes" USING btree (lower("plan_nombre"),"plan_tipo","plan_clase");--> statement-breakpoint
CREATE INDEX "planes_empresa_vigente" ON "planes_empresa" USING btree ("emp_codigo","planempresa_clase","planempresa_tipo","planempresa_caduca");--> statement-breakpoint
CREATE INDEX "planes_empresa_caduca" ON "planes_empresa" USING btree ("planempresa_caduca");--> statement-breakpoint
CREATE INDEX "planes_empresa_fecha" ON "planes_empresa" USING btree ("planempresa_fecha");--> statement-breakpoint
ALTER TABLE "planes" ADD CONSTRAINT "planes_tipo" CHECK ("planes"."plan_tipo" IN ('V', 'C'));--> statement-breakpoint
ALTER TABLE "planes" ADD CONSTRAINT "planes_clase" CHECK ("planes"."plan_clase" IN ('E', 'I', 'O'));--> statement-breakpoint
ALTER TABLE "planes" ADD CONSTRAINT "planes_cantidades" CHECK ("planes"."plan_comprobantes" > 0 AND "planes"."plan_dias" > 0 AND "planes"."plan_precio" >= 0);--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD CONSTRAINT "planes_empresa_clase" CHECK ("planes_empresa"."planempresa_clase" IN ('E', 'I', 'O'));--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD CONSTRAINT "planes_empresa_tipo" CHECK ("planes_empresa"."planempresa_tipo" IN ('V', 'C'));--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD CONSTRAINT "planes_empresa_fechas" CHECK ("planes_empresa"."planempresa_caduca" >= "planes_empresa"."planempresa_inicio");--> statement-breakpoint
ALTER TABLE "planes_empresa" ADD CONSTRAINT "planes_empresa_usados" CHECK ("planes_empresa"."planempresa_usados" >= 0 AND "planes_empresa"."planempresa_usados" <= "planes_empresa"."planempresa_comprobantes");;--> statement-breakpoint
-- EMP_PLAN_CADUCA (the company list's plan status) follows the company's electronic-document plans only: a
-- printing-house authorization or an Orel plan does not let it issue electronic invoices.
CREATE OR REPLACE FUNCTION empresas_plan_caduca() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Every authorized document updates its plan's count: the company row is written only when its expiry changes.
  UPDATE empresas e SET emp_plan_caduca = v.caduca
  FROM (
    SELECT c.emp_codigo, (SELECT max(pe.planempresa_caduca) FROM planes_empresa pe
                          WHERE pe.emp_codigo = c.emp_codigo AND pe.planempresa_clase = 'E') AS caduca
    FROM (SELECT DISTINCT emp_codigo FROM cambiadas) c
  ) v
  WHERE e.emp_codigo = v.emp_codigo AND e.emp_plan_caduca IS DISTINCT FROM v.caduca;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE empresas e SET emp_plan_caduca = (
  SELECT max(pe.planempresa_caduca) FROM planes_empresa pe WHERE pe.emp_codigo = e.emp_codigo AND pe.planempresa_clase = 'E'
);
--> statement-breakpoint
-- The catalogue (administrators) and every plan sold (administrators and distributors, their companies only).
INSERT INTO "menus" ("men_codigo", "men_area", "men_nombre", "men_ruta", "men_icono", "men_orden") VALUES
  (7, 'admin', 'Planes', 'planes', 'plans', 10),
  (8, 'admin', 'Planes vendidos', 'planesEmpresa', 'sales', 11)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_roles" ("prf_codigo", "men_codigo") VALUES (1, 7), (1, 8), (2, 8) ON CONFLICT DO NOTHING;
