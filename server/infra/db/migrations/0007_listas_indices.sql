CREATE TABLE "soporte_contadores" (
	"spt_estado" varchar(12) PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"sin_asesor" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "soporte_estado";--> statement-breakpoint
DROP INDEX "soporte_fecha";--> statement-breakpoint
DROP INDEX "soporte_asesor";--> statement-breakpoint
CREATE INDEX "soporte_estado_id" ON "soporte" USING btree ("spt_estado","spt_id");--> statement-breakpoint
CREATE INDEX "soporte_fecha_id" ON "soporte" USING btree ("spt_fecha","spt_id");--> statement-breakpoint
CREATE INDEX "soporte_asesor_id" ON "soporte" USING btree ("ase_codigo","spt_id");--> statement-breakpoint
CREATE INDEX "soporte_sin_asesor" ON "soporte" USING btree ("spt_id") WHERE "soporte"."ase_codigo" IS NULL;--> statement-breakpoint
CREATE INDEX "soporte_producto_id" ON "soporte" USING btree ("spt_productos","spt_id");--> statement-breakpoint
CREATE INDEX "soporte_asunto_id" ON "soporte" USING btree ("spt_asunto","spt_id");