CREATE TABLE "facturas_contadores" (
	"emp_codigo" integer NOT NULL,
	"fac_estado" varchar(12) NOT NULL,
	"fac_entrega" varchar(12) NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "facturas_contadores_emp_codigo_fac_estado_fac_entrega_pk" PRIMARY KEY("emp_codigo","fac_estado","fac_entrega")
);
--> statement-breakpoint
-- Each company's invoices by state and email state, kept by statement triggers like soporte_contadores: every INSERT,
-- UPDATE or DELETE on facturas adds its net change per (company, state, email) in one upsert, so GET
-- /api/facturas/estados reads a few rows instead of counting the company's invoices. The changes are applied in key
-- order, so two statements moving invoices between the same states lock the counters in the same order.
CREATE FUNCTION facturas_contadores_sumar(cambios jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO facturas_contadores AS c (emp_codigo, fac_estado, fac_entrega, total)
  SELECT (e->>0)::int, e->>1, e->>2, (e->>3)::bigint FROM jsonb_array_elements(cambios) e
  ORDER BY 1, 2, 3
  ON CONFLICT (emp_codigo, fac_estado, fac_entrega) DO UPDATE SET total = c.total + excluded.total
$$;
--> statement-breakpoint
CREATE FUNCTION facturas_contadores_insercion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM facturas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, fac_estado, entrega, n)) FROM (
      SELECT emp_codigo, fac_estado, coalesce(fac_entrega, '') AS entrega, count(*) AS n FROM nuevas GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION facturas_contadores_borrado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM facturas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, fac_estado, entrega, -n)) FROM (
      SELECT emp_codigo, fac_estado, coalesce(fac_entrega, '') AS entrega, count(*) AS n FROM viejas GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION facturas_contadores_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM facturas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, fac_estado, entrega, n)) FROM (
      SELECT emp_codigo, fac_estado, entrega, sum(n) AS n FROM (
        SELECT emp_codigo, fac_estado, coalesce(fac_entrega, '') AS entrega, 1 AS n FROM nuevas
        UNION ALL SELECT emp_codigo, fac_estado, coalesce(fac_entrega, ''), -1 FROM viejas) d
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION facturas_contadores_vaciado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM facturas_contadores;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER facturas_contadores_insercion AFTER INSERT ON facturas REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION facturas_contadores_insercion();
--> statement-breakpoint
CREATE TRIGGER facturas_contadores_borrado AFTER DELETE ON facturas REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION facturas_contadores_borrado();
--> statement-breakpoint
CREATE TRIGGER facturas_contadores_cambio AFTER UPDATE ON facturas REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION facturas_contadores_cambio();
--> statement-breakpoint
CREATE TRIGGER facturas_contadores_vaciado AFTER TRUNCATE ON facturas
  FOR EACH STATEMENT EXECUTE FUNCTION facturas_contadores_vaciado();
--> statement-breakpoint
INSERT INTO facturas_contadores (emp_codigo, fac_estado, fac_entrega, total)
  SELECT emp_codigo, fac_estado, coalesce(fac_entrega, ''), count(*) FROM facturas GROUP BY 1, 2, 3;
