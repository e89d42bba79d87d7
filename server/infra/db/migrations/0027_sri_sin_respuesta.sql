ALTER TABLE "facturas" ALTER COLUMN "fac_estado" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "facturas" ALTER COLUMN "fac_estado" SET DEFAULT 'BORRADOR';--> statement-breakpoint
ALTER TABLE "facturas_contadores" ALTER COLUMN "fac_estado" SET DATA TYPE varchar(16);--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "fac_recibida" timestamp with time zone;--> statement-breakpoint
-- A received invoice waits for its authorization at most 24 hours from fac_recibida, then becomes SIN_RESPUESTA (13
-- characters, hence the wider state). The ones already waiting start their 24 hours now: none stops early.
UPDATE "facturas" SET "fac_recibida" = now() WHERE "fac_estado" = 'RECIBIDA';
