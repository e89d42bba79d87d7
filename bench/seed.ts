/**
 * The benchmark's tickets, generated on the database server in one transaction (INSERT ... SELECT generate_series):
 * a million rows take a minute instead of the hours row-by-row inserts from Node would. Everything derives from the
 * row number through fixed hashes, so every run with the same size gets the same data.
 */
import {
  list,
  hash,
  pick,
  upper,
  FIRST_NAMES,
  SURNAMES,
  COMPANY_KINDS,
  COMPANY_WORDS,
  COMPANY_FORMS,
  DOMAINS,
  CITIES,
  STREETS,
} from '../server/infra/db/generated-words';

/** Bump when the generated data changes: a database seeded by another version is seeded again. */
export const SEED_VERSION = 2;

const MESSAGES = list([
  '<p>No puedo autorizar mis facturas en el SRI, me sale error de firma.</p>',
  '<p>Necesito cambiar el plan contratado a uno con más comprobantes.</p>',
  '<p>El RIDE no muestra el logo de la empresa.</p>',
  '<p>Solicito un reporte de ventas por cliente para el mes anterior.</p>',
  '<p>Mi firma electrónica caducó, ¿cómo la renuevo?</p>',
  '<p>El punto de venta no imprime en la impresora térmica.</p>',
  '<p>Las retenciones no cuadran con el ATS.</p>',
  '<p>Quisiera agregar un nuevo establecimiento y punto de emisión.</p>',
]);

/**
 * Deterministic pseudo-random integer in [0, range) for row `i`, one independent stream per salt: a multiplicative hash
 * followed by xor-shift mixing (without the mixing, two salts differ by a constant and every "random" pair of surnames
 * would be one of 60). Constants keep every product under 2^63.
 */

/**
 * The SQL script that adds `tickets` tickets (and their history) from about tickets/4 customers: natural persons
 * (cédula with its check digit + 001) and companies (sociedades: third digit 9, modulo-11 check digit) from every
 * province, spread over five years ending now; recent tickets are mostly open, old ones closed.
 */
export function seedScript(tickets: number): string {
  const customers = Math.max(1, Math.floor(tickets / 4));
  return `
BEGIN;
CREATE TEMP TABLE bench_clientes ON COMMIT DROP AS
WITH base AS (
  -- Customer k's identification digits: province 1 + k % 24, then the other eight from k / 24 without repeating
  -- (a person's third digit 0-5; 7919 is prime to 10^6, so the serial is a permutation and does not count up from 000000).
  SELECT k, k % 5 = 0 AS sociedad,
    lpad((1 + k % 24)::text, 2, '0') AS provincia,
    ((k / 24) % 6)::text AS tercero,
    lpad(((((k / 24 / 6) % 1000000) * 7919 + 123457) % 1000000)::text, 6, '0') AS serie
  FROM generate_series(0, ${customers - 1}) AS k
), checked AS (
  SELECT k, sociedad, provincia, tercero, serie,
    (SELECT sum(substr(provincia || '9' || serie, j, 1)::int * (ARRAY[4, 3, 2, 7, 6, 5, 4, 3, 2])[j]) FROM generate_series(1, 9) AS j) AS suma11
  FROM base
), ids AS (
  -- A sociedad whose modulo-11 check digit would be 10 has no valid RUC: that customer is a person instead.
  SELECT k, sociedad AND suma11 % 11 <> 1 AS sociedad,
    CASE WHEN sociedad AND suma11 % 11 <> 1 THEN provincia || '9' || serie || ((11 - suma11 % 11) % 11)::text
      ELSE provincia || tercero || serie END AS nueve_final
  FROM checked
)
SELECT k, sociedad,
  CASE WHEN sociedad THEN nueve_final || '001'
    ELSE nueve_final || ((10 - (SELECT sum(CASE WHEN p > 9 THEN p - 9 ELSE p END) FROM (
      SELECT substr(nueve_final, j, 1)::int * (CASE WHEN j % 2 = 1 THEN 2 ELSE 1 END) AS p FROM generate_series(1, 9) AS j) AS c) % 10) % 10)::text
      || CASE WHEN k % 3 = 0 THEN '' ELSE '001' END
  END AS ruc,
  CASE WHEN sociedad
    THEN ${pick(COMPANY_KINDS, 'k', 1)} || ' ' || ${pick(SURNAMES, 'k', 2)} || ' ' || ${pick(COMPANY_WORDS, 'k', 3)} || ' ' || ${pick(COMPANY_FORMS, 'k', 4)}
    ELSE ${pick(FIRST_NAMES, 'k', 5)} || ' ' || ${pick(SURNAMES, 'k', 6)} || ' ' || ${pick(SURNAMES, 'k', 7)}
  END AS nombre,
  '09' || lpad(${hash('k', 8, 100_000_000)}::text, 8, '0') AS telefono
FROM ids;

INSERT INTO soporte (spt_productos, spt_ruc, spt_clientenombre, spt_clientecorreo, spt_clientetelefono, spt_asunto,
  spt_mensaje, spt_estado, spt_fecha, spt_actualizado, ase_codigo, spt_respuesta, spt_correo_enviado)
SELECT t.producto, c.ruc, c.nombre,
  translate(lower(split_part(c.nombre, ' ', 1) || '.' || split_part(c.nombre, ' ', 2)), 'áéíóúñü', 'aeiounu') || c.k || '@' || ${pick(DOMAINS, 'c.k', 9)},
  c.telefono, t.asunto, t.mensaje, t.estado, t.fecha,
  CASE WHEN t.estado = 'ABIERTO' THEN t.fecha ELSE least(now(), t.fecha + make_interval(hours => 1 + ${hash('t.i', 10, 96)})) END,
  CASE WHEN t.estado = 'ABIERTO' THEN NULL ELSE a.codigos[1 + ${hash('t.i', 11, 1000)} % cardinality(a.codigos)] END,
  CASE WHEN t.estado IN ('RESUELTO', 'CERRADO') THEN '<p>Estimado cliente, su requerimiento fue atendido. Saludos cordiales.</p>' END,
  true
FROM (
  SELECT i,
    -- The customer of ticket i: a fixed hash spreads each customer's tickets over the five years.
    ${hash('i', 12, customers)} AS cliente,
    CASE WHEN ${hash('i', 13, 100)} < 55 THEN 1 WHEN ${hash('i', 13, 100)} < 75 THEN 2 WHEN ${hash('i', 13, 100)} < 92 THEN 3 ELSE 4 END AS producto,
    (ARRAY['sdev', 'stec', 'cptn', 'trmt', 'admi'])[1 + ${hash('i', 14, 5)}] AS asunto,
    ${pick(MESSAGES, 'i', 15)} AS mensaje,
    CASE WHEN i > ${tickets} * 0.98
      THEN CASE WHEN ${hash('i', 16, 100)} < 50 THEN 'ABIERTO' WHEN ${hash('i', 16, 100)} < 85 THEN 'EN_PROCESO'
        WHEN ${hash('i', 16, 100)} < 95 THEN 'RESUELTO' ELSE 'REABIERTO' END
      ELSE CASE WHEN ${hash('i', 16, 100)} < 3 THEN 'REABIERTO' WHEN ${hash('i', 16, 100)} < 6 THEN 'EN_PROCESO'
        WHEN ${hash('i', 16, 100)} < 30 THEN 'RESUELTO' WHEN ${hash('i', 16, 100)} < 31 THEN 'ABIERTO' ELSE 'CERRADO' END
    END AS estado,
    -- Ids follow dates, as on a real desk: ticket i was filed at i/N of the way through the last five years.
    now() - make_interval(secs => (${tickets} - i)::double precision / ${tickets} * 5 * 365 * 86400 + ${hash('i', 17, 600)}) AS fecha
  FROM generate_series(1, ${tickets}) AS i
) AS t
JOIN bench_clientes AS c ON c.k = t.cliente
CROSS JOIN (SELECT array_agg(ase_codigo ORDER BY ase_codigo) AS codigos FROM asesores) AS a;

INSERT INTO soporte_historial (spt_id, his_fecha, adm_codigo, his_usuario, his_accion, his_descripcion, his_estado_anterior, his_estado_nuevo)
SELECT spt_id, spt_fecha, NULL, 'cliente', 'creacion', 'Ticket creado por el cliente', NULL, 'ABIERTO' FROM soporte
UNION ALL
SELECT spt_id, spt_actualizado, (SELECT min(adm_codigo) FROM administradores), 'admin', 'estado',
  'Estado cambiado a ' || spt_estado, 'ABIERTO', spt_estado FROM soporte WHERE spt_estado <> 'ABIERTO';

-- The reply of each answered ticket, in its thread as the desk writes it.
INSERT INTO soporte_respuestas (spt_id, sre_fecha, adm_codigo, sre_usuario, sre_nombre, sre_html)
SELECT spt_id, spt_actualizado, (SELECT min(adm_codigo) FROM administradores), 'admin', NULL, spt_respuesta
FROM soporte WHERE spt_respuesta IS NOT NULL;

CREATE TABLE bench_seed (tickets integer NOT NULL, version integer NOT NULL, sembrado timestamptz NOT NULL DEFAULT now());
INSERT INTO bench_seed (tickets, version) VALUES (${tickets}, ${SEED_VERSION});
COMMIT;
`;
}

const DISTRIBUTORS = [
  'Distribuciones Sierra Norte',
  'Soluciones Contables del Austro',
  'Facturación Costa Sur',
  'Asesoría Tributaria Amazónica',
];
/** Lower case to upper case for the letters of Spanish names: PGlite's C collation leaves accented letters alone in upper(). */

/**
 * The SQL that adds `count` companies as a back office sees them: valid-looking RUCs (sociedades with their modulo-11
 * check digit, and natural persons: cédula + 001), Spanish business names with accents, registration dates spread
 * over six years in id order, a few distributors (four extra accounts that cannot sign in until given a clave, plus
 * the demo distributor), check states (recent ones waiting), some suspended, and plans (planes_empresa, whose trigger
 * keeps EMP_PLAN_CADUCA) and signature expiries spread around today: vigente, por vencer, vencido and none. Run it in a
 * transaction; every value derives from the row number, so the data is the same on every run.
 */
export function companiesSeedScript(count: number): string {
  return `
INSERT INTO administradores (adm_usuario, adm_clave, adm_nombre, adm_correo, prf_codigo)
SELECT 'distribuidor' || (n + 1), 'sin-clave', d, 'distribuidor' || (n + 1) || '@amelia.ec', 2
FROM unnest(${list(DISTRIBUTORS)}) WITH ORDINALITY AS x(d, n)
ON CONFLICT (adm_usuario) DO NOTHING;

CREATE TEMP TABLE bench_empresas ON COMMIT DROP AS
WITH base AS (
  SELECT k, k % 3 <> 0 AS sociedad,
    lpad((1 + k % 24)::text, 2, '0') AS provincia,
    ((k / 24) % 6)::text AS tercero,
    lpad(((((k / 24) % 1000000) * 7919 + 654321) % 1000000)::text, 6, '0') AS serie
  FROM generate_series(1, ${count}) AS k
), checked AS (
  SELECT *, (SELECT sum(substr(provincia || '9' || serie, j, 1)::int * (ARRAY[4, 3, 2, 7, 6, 5, 4, 3, 2])[j]) FROM generate_series(1, 9) AS j) AS suma11
  FROM base
), ids AS (
  -- A sociedad whose check digit would be 10 has no valid RUC: that company is a natural person's instead.
  SELECT k, sociedad AND suma11 % 11 <> 1 AS sociedad,
    CASE WHEN sociedad AND suma11 % 11 <> 1 THEN provincia || '9' || serie || ((11 - suma11 % 11) % 11)::text
      ELSE provincia || tercero || lpad(((((k / 144) % 1000000) * 7919 + 123457) % 1000000)::text, 6, '0') END AS nueve
  FROM checked
), named AS (
  SELECT k, sociedad,
    CASE WHEN sociedad THEN nueve ELSE nueve || ((10 - (SELECT sum(CASE WHEN p > 9 THEN p - 9 ELSE p END) FROM (
      SELECT substr(nueve, j, 1)::int * (CASE WHEN j % 2 = 1 THEN 2 ELSE 1 END) AS p FROM generate_series(1, 9) AS j) AS c) % 10) % 10)::text
    END || '001' AS ruc,
    ${pick(COMPANY_KINDS, 'k', 21)} AS tipo, ${pick(SURNAMES, 'k', 22)} AS apellido, ${pick(SURNAMES, 'k', 23)} AS apellido2,
    ${pick(COMPANY_WORDS, 'k', 24)} AS lugar, ${pick(COMPANY_FORMS, 'k', 25)} AS forma, ${pick(FIRST_NAMES, 'k', 26)} AS nombre
  FROM ids
)
SELECT k, sociedad, ruc,
  CASE WHEN sociedad THEN ${upper(`tipo || ' ' || apellido || ' ' || lugar || ' ' || forma`)}
    ELSE ${upper(`apellido || ' ' || apellido2 || ' ' || nombre`)} END AS razon,
  CASE WHEN sociedad THEN tipo || ' ' || lugar ELSE tipo || ' ' || apellido END AS comercial,
  translate(lower(split_part(tipo, ' ', 1) || '.' || apellido), 'áéíóúñü', 'aeiounu') || k || '@' || ${pick(DOMAINS, 'k', 27)} AS correo
FROM named;

INSERT INTO empresas (emp_ruc, emp_nombre, emp_nombrec, emp_correo, emp_telefono, emp_celular, emp_direccion, emp_activo,
  emp_distribuidor, emp_fecharegistro, emp_contabilidad, emp_ambiente, emp_comprobacion, emp_actualizado, emp_firma_caduca)
SELECT e.ruc, e.razon, e.comercial, e.correo,
  '0' || (2 + ${hash('e.k', 28, 6)}) || lpad(${hash('e.k', 29, 10_000_000)}::text, 7, '0'),
  '09' || lpad(${hash('e.k', 30, 100_000_000)}::text, 8, '0'),
  ${pick(STREETS, 'e.k', 31)} || ' N' || (1 + ${hash('e.k', 32, 80)}) || '-' || (10 + ${hash('e.k', 33, 90)}) || ', ' || ${pick(CITIES, 'e.k', 34)},
  ${hash('e.k', 35, 100)} >= 5,
  CASE WHEN ${hash('e.k', 36, 100)} < 25 THEN (SELECT min(adm_codigo) FROM administradores WHERE prf_codigo = 2 AND adm_clave <> 'sin-clave')
    WHEN ${hash('e.k', 36, 100)} < 55 THEN d.codigos[1 + ${hash('e.k', 37, 1000)} % cardinality(d.codigos)] END,
  now() - make_interval(secs => (${count} - e.k)::double precision / ${count} * 6 * 365 * 86400),
  e.sociedad, CASE WHEN ${hash('e.k', 38, 10)} = 0 THEN 1 ELSE 2 END,
  CASE WHEN e.k > ${count} * 0.98 AND ${hash('e.k', 39, 2)} = 0 THEN 'PENDIENTE'
    WHEN ${hash('e.k', 39, 100)} < 3 THEN 'RECHAZADA' WHEN ${hash('e.k', 39, 100)} < 6 THEN 'PENDIENTE' ELSE 'VERIFICADA' END,
  now(),
  CASE WHEN ${hash('e.k', 40, 100)} < 15 THEN NULL
    WHEN ${hash('e.k', 40, 100)} < 25 THEN current_date - (1 + ${hash('e.k', 41, 365)})
    WHEN ${hash('e.k', 40, 100)} < 30 THEN current_date + ${hash('e.k', 41, 31)}
    ELSE current_date + (31 + ${hash('e.k', 41, 700)}) END
FROM bench_empresas AS e
CROSS JOIN (SELECT array_agg(adm_codigo ORDER BY adm_codigo) AS codigos FROM administradores WHERE adm_clave = 'sin-clave') AS d
ORDER BY e.k
ON CONFLICT (emp_ruc) DO NOTHING;

-- One plan per company (nine in ten), ending around today: the trigger on planes_empresa sets EMP_PLAN_CADUCA.
INSERT INTO planes_empresa (emp_codigo, plan_id, planempresa_nombre, planempresa_inicio, planempresa_caduca, planempresa_extension,
  planempresa_comprobantes, planempresa_precio, planempresa_usados)
SELECT x.emp_codigo, pl.plan_id, pl.plan_nombre, x.caduca - 365, x.caduca, 'NULL', pl.plan_comprobantes, pl.plan_precio,
  (pl.plan_comprobantes * ${hash('x.emp_codigo', 46, 101)}) / 100
FROM (
  SELECT emp_codigo,
    CASE WHEN ${hash('emp_codigo', 43, 100)} < 20 THEN current_date - (1 + ${hash('emp_codigo', 44, 365)})
      WHEN ${hash('emp_codigo', 43, 100)} < 26 THEN current_date + ${hash('emp_codigo', 44, 31)}
      ELSE current_date + (31 + ${hash('emp_codigo', 44, 335)}) END AS caduca
  FROM empresas WHERE emp_ruc IN (SELECT ruc FROM bench_empresas) AND ${hash('emp_codigo', 45, 10)} <> 0
) AS x
CROSS JOIN (SELECT array_agg(plan_id ORDER BY plan_id) AS ids FROM planes WHERE plan_tipo = 'V' AND plan_clase = 'E') AS p
JOIN planes pl ON pl.plan_id = p.ids[1 + ${hash('x.emp_codigo', 42, 1000)} % cardinality(p.ids)];
`;
}
