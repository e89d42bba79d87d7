ALTER TABLE "facturas_contadores" ADD COLUMN "subtotal" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas_contadores" ADD COLUMN "iva" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas_contadores" ADD COLUMN "importe" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The counters of 0022 also add up each group's amounts, so that the invoice list's totals (unfiltered, or filtered by
-- state) are read from them. A change of amounts alone (a draft edited) is a change too.
CREATE OR REPLACE FUNCTION facturas_contadores_sumar(cambios jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO facturas_contadores AS c (emp_codigo, fac_estado, fac_entrega, total, subtotal, iva, importe)
  SELECT (e->>0)::int, e->>1, e->>2, (e->>3)::bigint, (e->>4)::numeric, (e->>5)::numeric, (e->>6)::numeric
  FROM jsonb_array_elements(cambios) e
  ORDER BY 1, 2, 3
  ON CONFLICT (emp_codigo, fac_estado, fac_entrega) DO UPDATE SET total = c.total + excluded.total,
    subtotal = c.subtotal + excluded.subtotal, iva = c.iva + excluded.iva, importe = c.importe + excluded.importe
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION facturas_contadores_insercion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM facturas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, fac_estado, entrega, n, s, i, t)) FROM (
      SELECT emp_codigo, fac_estado, coalesce(fac_entrega, '') AS entrega, count(*) AS n,
        sum(fac_subtotal) AS s, sum(fac_iva) AS i, sum(fac_total) AS t
      FROM nuevas GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION facturas_contadores_borrado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM facturas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, fac_estado, entrega, -n, -s, -i, -t)) FROM (
      SELECT emp_codigo, fac_estado, coalesce(fac_entrega, '') AS entrega, count(*) AS n,
        sum(fac_subtotal) AS s, sum(fac_iva) AS i, sum(fac_total) AS t
      FROM viejas GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION facturas_contadores_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM facturas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, fac_estado, entrega, n, s, i, t)) FROM (
      SELECT emp_codigo, fac_estado, entrega, sum(n) AS n, sum(s) AS s, sum(i) AS i, sum(t) AS t FROM (
        SELECT emp_codigo, fac_estado, coalesce(fac_entrega, '') AS entrega, 1 AS n, fac_subtotal AS s, fac_iva AS i, fac_total AS t
        FROM nuevas
        UNION ALL
        SELECT emp_codigo, fac_estado, coalesce(fac_entrega, ''), -1, -fac_subtotal, -fac_iva, -fac_total FROM viejas) d
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(s) <> 0 OR sum(i) <> 0 OR sum(t) <> 0) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE facturas_contadores c SET subtotal = x.s, iva = x.i, importe = x.t
FROM (
  SELECT emp_codigo, fac_estado, coalesce(fac_entrega, '') AS entrega,
    sum(fac_subtotal) AS s, sum(fac_iva) AS i, sum(fac_total) AS t
  FROM facturas GROUP BY 1, 2, 3
) x
WHERE c.emp_codigo = x.emp_codigo AND c.fac_estado = x.fac_estado AND c.fac_entrega = x.entrega;
