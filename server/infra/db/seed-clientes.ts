/**
 * Generated clients for `npm run seed -- --clientes N` and the benchmark: N clients spread over the companies in the
 * database, one of them (the demo company, Comercial Andina) with min(200 000, N/2) of them, written by the database
 * server itself (INSERT ... SELECT generate_series) in one statement: a million rows in minutes, not the hours
 * row-by-row inserts from Node would take. Everything derives from the row number through fixed hashes, so the same
 * N gives the same data; running it again adds only what is missing up to N (identifications that already exist in a
 * company are skipped).
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
} from './generated-words';
import { DEMO } from './demo-accounts';

/** The big company's client groups (created when missing). */
export const GRUPOS_GENERADOS = ['Mayoristas', 'Minoristas', 'Sector público', 'Exportadores', 'Frecuentes'];

/** Deterministic pseudo-random integer in [0, range) for row `i`, one stream per salt (multiplicative hash, xor-shift). */
/** Lower case to upper case for Spanish names (PGlite's C collation leaves accented letters alone in upper()). */

/** How many of `total` generated clients the big company gets. */
export const clientesEmpresaGrande = (total: number) => Math.min(200_000, Math.ceil(total / 2));

/**
 * The SQL that brings the generated clients up to `total` (counting every client in the database): rows `from` to
 * `total` of the sequence, where `from` is one more than the clients already there. Row k's identification is unique
 * for k: a cédula (province 1 + k % 24, third digit (k / 24) % 6, serial k / 144, módulo-10 check digit), the same
 * plus 001 (a natural person's RUC), or a sociedad's RUC (third digit 9, serial k / 24, módulo-11 check digit).
 * Run it in a transaction.
 */
export function clientsSeedScript(total: number): string {
  const big = clientesEmpresaGrande(total);
  return `
CREATE TEMP TABLE seed_clientes_empresas ON COMMIT DROP AS
SELECT (SELECT emp_codigo FROM empresas WHERE emp_ruc = '${DEMO.empresa.ruc}') AS grande,
  (SELECT array_agg(emp_codigo ORDER BY emp_codigo) FROM empresas WHERE emp_ruc <> '${DEMO.empresa.ruc}') AS otras,
  (SELECT count(*) FROM clientes) AS existentes,
  (SELECT count(*) FROM clientes WHERE emp_codigo = (SELECT emp_codigo FROM empresas WHERE emp_ruc = '${DEMO.empresa.ruc}')) AS grande_existentes;

-- Each company's first active user: the seller of six in ten of its generated clients.
CREATE TEMP TABLE seed_clientes_vendedores ON COMMIT DROP AS
SELECT com_codigo AS emp, min(usu_codigo) AS usuario FROM usuarios WHERE usu_activo GROUP BY com_codigo;

INSERT INTO grupos_cliente (emp_codigo, gcl_nombre)
SELECT grande, g FROM seed_clientes_empresas, unnest(${list(GRUPOS_GENERADOS)}) AS g WHERE grande IS NOT NULL
ON CONFLICT DO NOTHING;

CREATE TEMP TABLE seed_clientes ON COMMIT DROP AS
WITH base AS (
  SELECT k,
    CASE WHEN k % 5 = 0 THEN 'sociedad' WHEN k % 5 = 1 THEN 'ruc' ELSE 'cedula' END AS clase,
    lpad((1 + k % 24)::text, 2, '0') AS provincia,
    ((k / 24) % 6)::text AS tercero,
    lpad(((k / 144) % 1000000)::text, 6, '0') AS serie_persona,
    lpad(((k / 24) % 1000000)::text, 6, '0') AS serie_sociedad
  FROM seed_clientes_empresas, generate_series(existentes + 1, ${total}) AS k
), sumas AS (
  SELECT *,
    (SELECT sum(substr(provincia || '9' || serie_sociedad, j, 1)::int * (ARRAY[4, 3, 2, 7, 6, 5, 4, 3, 2])[j]) FROM generate_series(1, 9) AS j) AS suma11,
    (SELECT sum(CASE WHEN p > 9 THEN p - 9 ELSE p END) FROM (
      SELECT substr(provincia || tercero || serie_persona, j, 1)::int * (CASE WHEN j % 2 = 1 THEN 2 ELSE 1 END) AS p
      FROM generate_series(1, 9) AS j) AS c) AS suma10
  FROM base
)
SELECT k,
  -- A sociedad whose módulo-11 check digit would be 10 has no valid RUC: that client is a natural person's RUC instead.
  CASE WHEN clase = 'sociedad' AND suma11 % 11 <> 1 THEN 'sociedad' WHEN clase = 'cedula' THEN 'cedula' ELSE 'ruc' END AS clase,
  CASE WHEN clase = 'sociedad' AND suma11 % 11 <> 1 THEN provincia || '9' || serie_sociedad || ((11 - suma11 % 11) % 11)::text || '001'
    WHEN clase = 'cedula' THEN provincia || tercero || serie_persona || ((10 - suma10 % 10) % 10)::text
    ELSE provincia || tercero || serie_persona || ((10 - suma10 % 10) % 10)::text || '001' END AS identificacion
FROM sumas;

INSERT INTO clientes (emp_codigo, cli_tipo_identificacion, cli_identificacion, cli_razon_social, cli_nombre_comercial,
  cli_correos, cli_telefonos, cli_direccion, tcl_codigo, gcl_codigo, cli_vendedor, cli_dias_credito, cli_limite_credito,
  cli_activo, cli_banderas, cli_creado, cli_actualizado)
SELECT x.emp, x.tipo, x.identificacion, x.razon, x.comercial,
  CASE WHEN ${hash('x.k', 61, 10)} < 8
    THEN ARRAY[translate(lower(split_part(x.razon, ' ', 1) || '.' || split_part(x.razon, ' ', 2)), 'áéíóúñüÁÉÍÓÚÑÜ', 'aeiounuaeiounu') || x.k || '@' || ${pick(DOMAINS, 'x.k', 62)}]
    ELSE '{}'::text[] END,
  CASE WHEN ${hash('x.k', 63, 10)} < 9 THEN ARRAY['09' || lpad(${hash('x.k', 64, 100_000_000)}::text, 8, '0')] ELSE '{}'::text[] END,
  ${pick(STREETS, 'x.k', 65)} || ' N' || (1 + ${hash('x.k', 66, 80)}) || '-' || (10 + ${hash('x.k', 67, 90)}) || ', ' || ${pick(CITIES, 'x.k', 68)},
  CASE WHEN ${hash('x.k', 69, 10)} < 7 THEN 1 + ${hash('x.k', 70, 5)} END,
  CASE WHEN x.emp = e.grande AND ${hash('x.k', 71, 10)} < 6 THEN g.ids[1 + ${hash('x.k', 72, 1000)} % cardinality(g.ids)] END,
  -- Six in ten assigned to the company's first active user, the rest to nobody.
  CASE WHEN ${hash('x.k', 73, 10)} < 6 THEN v.usuario END,
  (ARRAY[0, 0, 15, 30, 45, 60])[1 + ${hash('x.k', 74, 6)}],
  (${hash('x.k', 75, 50)} * 100)::numeric(14, 2),
  ${hash('x.k', 76, 100)} >= 5,
  CASE WHEN ${hash('x.k', 77, 100)} < 2 THEN '{"rimpe": true}'::jsonb WHEN ${hash('x.k', 77, 1000)} < 25 THEN '{"especial": true, "agenteRetencion": true}'::jsonb
    WHEN ${hash('x.k', 77, 1000)} < 28 THEN '{"fantasma": true}'::jsonb END,
  x.creado, x.creado
FROM (
  SELECT c.k, c.identificacion,
    CASE WHEN c.k - e.existentes <= ${big} - least(${big}, e.grande_existentes) AND e.grande IS NOT NULL
      THEN e.grande ELSE coalesce(e.otras[1 + c.k % cardinality(e.otras)], e.grande) END AS emp,
    CASE c.clase WHEN 'cedula' THEN '05' ELSE '04' END AS tipo,
    CASE WHEN c.clase = 'sociedad'
      THEN ${upper(`${pick(COMPANY_KINDS, 'c.k', 51)} || ' ' || ${pick(SURNAMES, 'c.k', 52)} || ' ' || ${pick(COMPANY_WORDS, 'c.k', 53)} || ' ' || ${pick(COMPANY_FORMS, 'c.k', 54)}`)}
      ELSE ${upper(`${pick(SURNAMES, 'c.k', 55)} || ' ' || ${pick(SURNAMES, 'c.k', 56)} || ' ' || ${pick(FIRST_NAMES, 'c.k', 57)}`)} END AS razon,
    CASE WHEN c.clase = 'sociedad' THEN ${pick(COMPANY_KINDS, 'c.k', 51)} || ' ' || ${pick(COMPANY_WORDS, 'c.k', 53)}
      WHEN ${hash('c.k', 58, 4)} = 0 THEN ${pick(COMPANY_KINDS, 'c.k', 59)} || ' ' || ${pick(SURNAMES, 'c.k', 55)} END AS comercial,
    -- Ids follow dates, as in a real book: row k was created at k/total of the way through the last three years.
    now() - make_interval(secs => (${total} - c.k)::double precision / ${total} * 3 * 365 * 86400) AS creado
  FROM seed_clientes c, seed_clientes_empresas e
) AS x
CROSS JOIN seed_clientes_empresas e
LEFT JOIN seed_clientes_vendedores v ON v.emp = x.emp
CROSS JOIN (SELECT coalesce(array_agg(gcl_codigo ORDER BY gcl_codigo), ARRAY[NULL::int]) AS ids FROM grupos_cliente
  WHERE emp_codigo = (SELECT grande FROM seed_clientes_empresas) AND gcl_nombre = ANY(${list(GRUPOS_GENERADOS)})) AS g
ORDER BY x.k
ON CONFLICT (emp_codigo, cli_identificacion) DO NOTHING;
`;
}
