-- Each sale keeps the plan's name it was sold under: renaming a catalogue plan no longer renames what companies bought.
ALTER TABLE "planes_empresa" ADD COLUMN "planempresa_nombre" varchar(120);--> statement-breakpoint
UPDATE "planes_empresa" pe SET "planempresa_nombre" = p."plan_nombre" FROM "planes" p WHERE p."plan_id" = pe."plan_id";--> statement-breakpoint
ALTER TABLE "planes_empresa" ALTER COLUMN "planempresa_nombre" SET NOT NULL;--> statement-breakpoint
-- A catalogue plan's sales (its "vendidos", whether it is retired or deleted) are counted on an index, not by reading every sale.
CREATE INDEX "planes_empresa_plan" ON "planes_empresa" USING btree ("plan_id");
