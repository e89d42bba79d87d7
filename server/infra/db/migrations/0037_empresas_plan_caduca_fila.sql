-- EMP_PLAN_CADUCA (0009, 0014) kept on a plan's change by a row trigger whose WHEN lets through only a change of what
-- it reads: the company, the class or the expiry. The statement trigger it replaces ran for every UPDATE of
-- planes_empresa, so every authorized document paid for it when its plan's count went up: 0.26 ms of the
-- authorization's statement on PGlite (EXPLAIN ANALYZE), for a company row it then left as it was. Inserts and deletes
-- keep 0014's statement triggers.
CREATE FUNCTION empresas_plan_caduca_fila() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE empresas e SET emp_plan_caduca = v.caduca
  FROM (
    SELECT c.emp_codigo, (SELECT max(pe.planempresa_caduca) FROM planes_empresa pe
                          WHERE pe.emp_codigo = c.emp_codigo AND pe.planempresa_clase = 'E') AS caduca
    FROM (SELECT DISTINCT x FROM unnest(ARRAY[OLD.emp_codigo, NEW.emp_codigo]) x) c(emp_codigo)
  ) v
  WHERE e.emp_codigo = v.emp_codigo AND e.emp_plan_caduca IS DISTINCT FROM v.caduca;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER empresas_plan_caduca_cambio ON planes_empresa;
--> statement-breakpoint
CREATE TRIGGER empresas_plan_caduca_cambio AFTER UPDATE ON planes_empresa FOR EACH ROW
  WHEN ((OLD.emp_codigo, OLD.planempresa_clase, OLD.planempresa_caduca)
    IS DISTINCT FROM (NEW.emp_codigo, NEW.planempresa_clase, NEW.planempresa_caduca))
  EXECUTE FUNCTION empresas_plan_caduca_fila();
