-- The company list sorted by commercial name, and filtered or sorted by active flag, in key order through an index
-- (EXPLAIN at 100 000 companies walked the primary key with a filter, or scanned the table).
--> statement-breakpoint
CREATE INDEX "empresas_nombrec_id" ON "empresas" USING btree ("emp_nombrec","emp_codigo");--> statement-breakpoint
CREATE INDEX "empresas_activo_id" ON "empresas" USING btree ("emp_activo","emp_codigo");