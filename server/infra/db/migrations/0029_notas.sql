DROP INDEX "facturas_numero";--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "fac_tipo" varchar(2) DEFAULT '01' NOT NULL;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "fac_modifica" integer;--> statement-breakpoint
ALTER TABLE "facturas" ADD COLUMN "fac_motivo" varchar(300);--> statement-breakpoint
ALTER TABLE "facturas_detalles" ADD COLUMN "fde_linea_factura" smallint;--> statement-breakpoint
ALTER TABLE "facturas" ADD CONSTRAINT "facturas_fac_modifica_facturas_fac_codigo_fk" FOREIGN KEY ("fac_modifica") REFERENCES "public"."facturas"("fac_codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "facturas_modifica" ON "facturas" USING btree ("fac_modifica") WHERE "facturas"."fac_modifica" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "facturas_empresa_tipo" ON "facturas" USING btree ("emp_codigo","fac_tipo","fac_codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "facturas_numero" ON "facturas" USING btree ("pem_codigo","fac_tipo","fac_secuencial");--> statement-breakpoint
-- The counters of 0022/0024 are the invoices' (GET /api/facturas/estados and the invoice list's totals): notes are
-- rows of this table too, and stay out of them.
CREATE OR REPLACE FUNCTION facturas_contadores_insercion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM facturas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, fac_estado, entrega, n, s, i, t)) FROM (
      SELECT emp_codigo, fac_estado, coalesce(fac_entrega, '') AS entrega, count(*) AS n,
        sum(fac_subtotal) AS s, sum(fac_iva) AS i, sum(fac_total) AS t
      FROM nuevas WHERE fac_tipo = '01' GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION facturas_contadores_borrado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM facturas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, fac_estado, entrega, -n, -s, -i, -t)) FROM (
      SELECT emp_codigo, fac_estado, coalesce(fac_entrega, '') AS entrega, count(*) AS n,
        sum(fac_subtotal) AS s, sum(fac_iva) AS i, sum(fac_total) AS t
      FROM viejas WHERE fac_tipo = '01' GROUP BY 1, 2, 3) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION facturas_contadores_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM facturas_contadores_sumar(coalesce((
    SELECT jsonb_agg(jsonb_build_array(emp_codigo, fac_estado, entrega, n, s, i, t)) FROM (
      SELECT emp_codigo, fac_estado, entrega, sum(n) AS n, sum(s) AS s, sum(i) AS i, sum(t) AS t FROM (
        SELECT emp_codigo, fac_estado, coalesce(fac_entrega, '') AS entrega, 1 AS n, fac_subtotal AS s, fac_iva AS i, fac_total AS t
        FROM nuevas WHERE fac_tipo = '01'
        UNION ALL
        SELECT emp_codigo, fac_estado, coalesce(fac_entrega, ''), -1, -fac_subtotal, -fac_iva, -fac_total FROM viejas WHERE fac_tipo = '01') d
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(s) <> 0 OR sum(i) <> 0 OR sum(t) <> 0) x), '[]'));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Credit and debit notes, given to every company as the invoices were (0020); the menu entry is the permission.
INSERT INTO "menus" ("men_codigo", "men_area", "men_nombre", "men_ruta", "men_icono", "men_orden", "men_permiso") VALUES
  (109, 'empresa', 'Notas de crédito', 'notasCredito', 'remove_circle_outline', 6, 'notasCredito'),
  (110, 'empresa', 'Notas de débito', 'notasDebito', 'add_circle_outline', 7, 'notasDebito')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus_empresa" ("emp_codigo", "men_codigo")
  SELECT "emp_codigo", m."men_codigo" FROM "empresas", (VALUES (109), (110)) AS m("men_codigo")
ON CONFLICT DO NOTHING;
