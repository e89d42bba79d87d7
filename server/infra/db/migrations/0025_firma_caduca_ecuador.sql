-- A company's signature expiry was stored as the UTC day of its certificate's end; it is Ecuador's day (UTC-5 all
-- year): a certificate ending at 00:40 UTC on the 3rd stops working at 19:40 on the 2nd there.
UPDATE "empresas" AS e
SET "emp_firma_caduca" = ((f."fir_hasta" AT TIME ZONE 'UTC') - interval '5 hours')::date
FROM "firmas" AS f
WHERE f."emp_codigo" = e."emp_codigo"
  AND f."fir_actual"
  AND e."emp_firma_caduca" IS DISTINCT FROM ((f."fir_hasta" AT TIME ZONE 'UTC') - interval '5 hours')::date;
