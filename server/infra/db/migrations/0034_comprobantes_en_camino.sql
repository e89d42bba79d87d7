CREATE TABLE "comprobantes_en_camino" (
	"emp_codigo" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A company's documents in flight (FIRMADA, ENVIADA, RECIBIDA, SIN_RESPUESTA: ESTADOS_EN_CAMINO), every type. Row
-- triggers whose WHEN runs without calling the function keep it: only a document entering those states (issued) or
-- leaving them (answered, deleted) costs an upsert, and moving between them (FIRMADA → ENVIADA → RECIBIDA) nothing.
CREATE FUNCTION comprobantes_en_camino_sumar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.fac_estado IN ('FIRMADA', 'ENVIADA', 'RECIBIDA', 'SIN_RESPUESTA') THEN
    UPDATE comprobantes_en_camino SET total = total - 1 WHERE emp_codigo = OLD.emp_codigo;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.fac_estado IN ('FIRMADA', 'ENVIADA', 'RECIBIDA', 'SIN_RESPUESTA') THEN
    INSERT INTO comprobantes_en_camino AS c (emp_codigo, total) VALUES (NEW.emp_codigo, 1)
    ON CONFLICT (emp_codigo) DO UPDATE SET total = c.total + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION comprobantes_en_camino_vaciado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM comprobantes_en_camino;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER comprobantes_en_camino_insercion AFTER INSERT ON facturas FOR EACH ROW
  WHEN (NEW.fac_estado IN ('FIRMADA', 'ENVIADA', 'RECIBIDA', 'SIN_RESPUESTA'))
  EXECUTE FUNCTION comprobantes_en_camino_sumar();
--> statement-breakpoint
CREATE TRIGGER comprobantes_en_camino_cambio AFTER UPDATE OF fac_estado, emp_codigo ON facturas FOR EACH ROW
  WHEN ((OLD.fac_estado IN ('FIRMADA', 'ENVIADA', 'RECIBIDA', 'SIN_RESPUESTA'))
      IS DISTINCT FROM (NEW.fac_estado IN ('FIRMADA', 'ENVIADA', 'RECIBIDA', 'SIN_RESPUESTA'))
    OR OLD.emp_codigo IS DISTINCT FROM NEW.emp_codigo)
  EXECUTE FUNCTION comprobantes_en_camino_sumar();
--> statement-breakpoint
CREATE TRIGGER comprobantes_en_camino_borrado AFTER DELETE ON facturas FOR EACH ROW
  WHEN (OLD.fac_estado IN ('FIRMADA', 'ENVIADA', 'RECIBIDA', 'SIN_RESPUESTA'))
  EXECUTE FUNCTION comprobantes_en_camino_sumar();
--> statement-breakpoint
CREATE TRIGGER comprobantes_en_camino_vaciado AFTER TRUNCATE ON facturas
  FOR EACH STATEMENT EXECUTE FUNCTION comprobantes_en_camino_vaciado();
--> statement-breakpoint
INSERT INTO comprobantes_en_camino (emp_codigo, total)
  SELECT emp_codigo, count(*) FROM facturas WHERE fac_estado IN ('FIRMADA', 'ENVIADA', 'RECIBIDA', 'SIN_RESPUESTA') GROUP BY 1;
