-- A distributor's deep pages by RUC still flipped to a sequential scan and a sort on some ANALYZE samples (one CI run
-- in three on PGlite): the page's subquery needs each row's key, so every index entry cost a visit to the table.
-- Carrying EMP_CODIGO in the index makes it an index-only scan, about a tenth of the cost, and the plan no longer flips
-- (15 of 15 samples at 100 000 companies). Drizzle's index builder has no INCLUDE, so the schema keeps the columns.
DROP INDEX IF EXISTS "empresas_distribuidor_ruc";
--> statement-breakpoint
CREATE INDEX "empresas_distribuidor_ruc" ON "empresas" USING btree ("emp_distribuidor","emp_ruc") INCLUDE ("emp_codigo");
