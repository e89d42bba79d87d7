-- The invoices' counters of 0022 and 0024 (each company's invoices by state and delivery, with their amounts) kept by
-- row triggers instead of statement triggers. A statement trigger with transition tables runs for every statement that
-- touches `facturas`, whatever the row's type or columns: issuing a guía, storing a signed XML or a step of the SRI's
-- queue paid for it (0.15-0.27 ms a statement on PostgreSQL), and its tuplestores held every changed row. A row
-- trigger's WHEN is judged without calling the function, so only an invoice whose state, delivery, company or amounts
-- change costs an upsert. Each call upserts both groups it touches in the groups' order, as 0024's function does, so
-- transactions that move invoices between groups lock those rows in one order.
CREATE FUNCTION facturas_contadores_fila() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO facturas_contadores AS c (emp_codigo, fac_estado, fac_entrega, total, subtotal, iva, importe)
  SELECT emp_codigo, fac_estado, entrega, sum(n), sum(s), sum(i), sum(t) FROM (
    SELECT OLD.emp_codigo, OLD.fac_estado, coalesce(OLD.fac_entrega, ''), -1, -OLD.fac_subtotal, -OLD.fac_iva, -OLD.fac_total
    WHERE TG_OP <> 'INSERT' AND OLD.fac_tipo = '01'
    UNION ALL
    SELECT NEW.emp_codigo, NEW.fac_estado, coalesce(NEW.fac_entrega, ''), 1, NEW.fac_subtotal, NEW.fac_iva, NEW.fac_total
    WHERE TG_OP <> 'DELETE' AND NEW.fac_tipo = '01'
  ) d(emp_codigo, fac_estado, entrega, n, s, i, t)
  GROUP BY 1, 2, 3
  HAVING sum(n) <> 0 OR sum(s) <> 0 OR sum(i) <> 0 OR sum(t) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (emp_codigo, fac_estado, fac_entrega) DO UPDATE SET total = c.total + excluded.total,
    subtotal = c.subtotal + excluded.subtotal, iva = c.iva + excluded.iva, importe = c.importe + excluded.importe;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER facturas_contadores_insercion ON facturas;
--> statement-breakpoint
DROP TRIGGER facturas_contadores_borrado ON facturas;
--> statement-breakpoint
DROP TRIGGER facturas_contadores_cambio ON facturas;
--> statement-breakpoint
DROP FUNCTION facturas_contadores_insercion();
--> statement-breakpoint
DROP FUNCTION facturas_contadores_borrado();
--> statement-breakpoint
DROP FUNCTION facturas_contadores_cambio();
--> statement-breakpoint
DROP FUNCTION facturas_contadores_sumar(jsonb);
--> statement-breakpoint
CREATE TRIGGER facturas_contadores_insercion AFTER INSERT ON facturas FOR EACH ROW
  WHEN (NEW.fac_tipo = '01')
  EXECUTE FUNCTION facturas_contadores_fila();
--> statement-breakpoint
CREATE TRIGGER facturas_contadores_borrado AFTER DELETE ON facturas FOR EACH ROW
  WHEN (OLD.fac_tipo = '01')
  EXECUTE FUNCTION facturas_contadores_fila();
--> statement-breakpoint
CREATE TRIGGER facturas_contadores_cambio AFTER UPDATE ON facturas FOR EACH ROW
  WHEN ((OLD.fac_tipo = '01' OR NEW.fac_tipo = '01') AND
    (OLD.emp_codigo, OLD.fac_tipo, OLD.fac_estado, OLD.fac_entrega, OLD.fac_subtotal, OLD.fac_iva, OLD.fac_total)
    IS DISTINCT FROM (NEW.emp_codigo, NEW.fac_tipo, NEW.fac_estado, NEW.fac_entrega, NEW.fac_subtotal, NEW.fac_iva, NEW.fac_total))
  EXECUTE FUNCTION facturas_contadores_fila();
