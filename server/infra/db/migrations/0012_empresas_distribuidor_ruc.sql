-- A distributor's companies sorted by RUC: EXPLAIN at 100 000 companies sometimes chose a sequential scan and a sort
-- (the plan flipped between ANALYZE samples); this index gives the order for one distributor directly.
--> statement-breakpoint
CREATE INDEX "empresas_distribuidor_ruc" ON "empresas" USING btree ("emp_distribuidor","emp_ruc");