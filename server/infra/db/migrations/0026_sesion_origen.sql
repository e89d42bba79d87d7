-- A distributor's company session remembers the administration session it was opened from (the guard ends it with
-- that one), and ends for good when the company is taken from that distributor, whatever statement takes it: giving
-- the company back later opens no old session again.
ALTER TABLE "sesiones" ADD COLUMN "ses_origen" varchar(32);--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_ses_origen_sesiones_ses_id_fk" FOREIGN KEY ("ses_origen") REFERENCES "public"."sesiones"("ses_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sesiones_origen" ON "sesiones" USING btree ("ses_origen");--> statement-breakpoint
CREATE FUNCTION sesiones_fin_distribuidor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sesiones AS s SET ses_revocada = now()
  FROM usuarios AS u
  WHERE u.com_codigo = NEW.emp_codigo AND s.usu_codigo = u.usu_codigo
    AND s.adm_codigo = OLD.emp_distribuidor AND s.ses_revocada IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER empresas_distribuidor_cambia AFTER UPDATE OF emp_distribuidor ON empresas
  FOR EACH ROW WHEN (OLD.emp_distribuidor IS NOT NULL AND OLD.emp_distribuidor IS DISTINCT FROM NEW.emp_distribuidor)
  EXECUTE FUNCTION sesiones_fin_distribuidor();
