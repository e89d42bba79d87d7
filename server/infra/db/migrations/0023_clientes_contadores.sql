CREATE TABLE "clientes_contadores" (
	"emp_codigo" integer NOT NULL,
	"cli_vendedor" integer NOT NULL,
	"cli_activo" boolean NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "clientes_contadores_emp_codigo_cli_vendedor_cli_activo_pk" PRIMARY KEY("emp_codigo","cli_vendedor","cli_activo")
);
--> statement-breakpoint
-- Each company's clients by seller (0 when none) and active flag, kept by statement triggers like facturas_contadores
-- (0022): GET /api/clientes/totalClientes reads a few rows instead of counting the company's clients. A user deleted
-- sets its clients' seller to NULL through the foreign key: that UPDATE fires the triggers too.
CREATE FUNCTION clientes_contadores_sumar(cambios jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO clientes_contadores AS c (emp_codigo, cli_vendedor, cli_activo, total)
  SELECT (e->>0)::int, (e->>1)::int, (e->>2)::boolean, (e->>3)::bigint FROM jsonb_array_elements(cambios) e
  ORDER BY 1, 2, 3
  ON CONFLICT (emp_codigo, cli_vendedor, cli_activo) DO UPDATE SET total = c.total + excluded.total
$$;
--> statement-breakpoint
CREATE FUNCTION clientes_contadores_insercion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clientes_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, vendedor, cli_activo, n)) FROM (
      SELECT emp_codigo, coalesce(cli_vendedor, 0) AS vendedor, cli_activo, count(*) AS n FROM nuevas GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION clientes_contadores_borrado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clientes_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, vendedor, cli_activo, -n)) FROM (
      SELECT emp_codigo, coalesce(cli_vendedor, 0) AS vendedor, cli_activo, count(*) AS n FROM viejas GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION clientes_contadores_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM clientes_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, vendedor, cli_activo, n)) FROM (
      SELECT emp_codigo, vendedor, cli_activo, sum(n) AS n FROM (
        SELECT emp_codigo, coalesce(cli_vendedor, 0) AS vendedor, cli_activo, 1 AS n FROM nuevas
        UNION ALL SELECT emp_codigo, coalesce(cli_vendedor, 0), cli_activo, -1 FROM viejas) d
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION clientes_contadores_vaciado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clientes_contadores;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER clientes_contadores_insercion AFTER INSERT ON clientes REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION clientes_contadores_insercion();
--> statement-breakpoint
CREATE TRIGGER clientes_contadores_borrado AFTER DELETE ON clientes REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION clientes_contadores_borrado();
--> statement-breakpoint
CREATE TRIGGER clientes_contadores_cambio AFTER UPDATE ON clientes REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION clientes_contadores_cambio();
--> statement-breakpoint
CREATE TRIGGER clientes_contadores_vaciado AFTER TRUNCATE ON clientes
  FOR EACH STATEMENT EXECUTE FUNCTION clientes_contadores_vaciado();
--> statement-breakpoint
INSERT INTO clientes_contadores (emp_codigo, cli_vendedor, cli_activo, total)
  SELECT emp_codigo, coalesce(cli_vendedor, 0), cli_activo, count(*) FROM clientes GROUP BY 1, 2, 3;
