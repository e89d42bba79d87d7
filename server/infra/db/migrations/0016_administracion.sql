CREATE TABLE "auditoria" (
	"aud_id" serial PRIMARY KEY NOT NULL,
	"aud_fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"adm_codigo" integer,
	"aud_usuario" varchar(60) NOT NULL,
	"aud_recurso" varchar(40) NOT NULL,
	"aud_registro" varchar(60) NOT NULL,
	"aud_accion" varchar(20) NOT NULL,
	"aud_antes" jsonb,
	"aud_despues" jsonb
);
--> statement-breakpoint
ALTER TABLE "asesores" ADD COLUMN "ase_telefono" varchar(20);--> statement-breakpoint
ALTER TABLE "asesores" ADD COLUMN "ase_tipo" varchar(10) DEFAULT 'SOPORTE' NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "men_permiso" varchar(60) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "men_activo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "perfiles" ADD COLUMN "prf_activo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_adm_codigo_administradores_adm_codigo_fk" FOREIGN KEY ("adm_codigo") REFERENCES "public"."administradores"("adm_codigo") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_fecha" ON "auditoria" USING btree ("aud_fecha");--> statement-breakpoint
CREATE INDEX "auditoria_recurso" ON "auditoria" USING btree ("aud_recurso","aud_fecha");--> statement-breakpoint
CREATE INDEX "auditoria_admin" ON "auditoria" USING btree ("adm_codigo","aud_fecha");;--> statement-breakpoint
-- Each entry grants the API permission of its route; the home pages are always allowed (no permission).
UPDATE "menus" SET "men_permiso" = "men_ruta" WHERE "men_ruta" <> '';
--> statement-breakpoint
-- The back office's own sections, administrators only until a profile is given them.
INSERT INTO "menus" ("men_codigo", "men_area", "men_nombre", "men_ruta", "men_icono", "men_orden", "men_permiso") VALUES
  (9, 'admin', 'Asesores', 'asesores', 'people', 30, 'asesores'),
  (10, 'admin', 'Bancos', 'bancos', 'bank', 40, 'bancos'),
  (11, 'admin', 'Perfiles', 'perfiles', 'badge', 70, 'perfiles'),
  (12, 'admin', 'Menús', 'menus', 'menu', 71, 'menus'),
  (13, 'admin', 'Administradores', 'administradores', 'admin', 72, 'administradores'),
  (14, 'admin', 'Auditoría', 'auditoria', 'history', 95, 'auditoria')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_roles" ("prf_codigo", "men_codigo") VALUES (1, 9), (1, 10), (1, 11), (1, 12), (1, 13), (1, 14) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A sales profile for the provider's sales staff: companies and the plans they sold.
INSERT INTO "perfiles" ("prf_codigo", "prf_nombre") VALUES (4, 'Ventas') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_roles" ("prf_codigo", "men_codigo") VALUES (4, 1), (4, 6), (4, 8) ON CONFLICT DO NOTHING;
