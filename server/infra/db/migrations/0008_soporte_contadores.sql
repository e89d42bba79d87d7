-- Tickets by state (and how many of them have no adviser), kept by statement triggers: each INSERT, UPDATE or
-- DELETE on soporte adds its net change per state in one upsert, so GET soporte/resumen reads a few rows instead of
-- counting the whole table. Statement triggers (with transition tables) keep a bulk load at one upsert per state.
CREATE FUNCTION soporte_contadores_sumar(cambios jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO soporte_contadores AS c (spt_estado, total, sin_asesor)
  SELECT e.key, (e.value->>0)::bigint, (e.value->>1)::bigint FROM jsonb_each(cambios) e
  ON CONFLICT (spt_estado) DO UPDATE SET total = c.total + excluded.total, sin_asesor = c.sin_asesor + excluded.sin_asesor
$$;
--> statement-breakpoint
CREATE FUNCTION soporte_contadores_insercion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM soporte_contadores_sumar(coalesce((
    SELECT jsonb_object_agg(spt_estado, jsonb_build_array(n, s)) FROM (
      SELECT spt_estado, count(*) AS n, count(*) FILTER (WHERE ase_codigo IS NULL) AS s FROM nuevas GROUP BY spt_estado) x), '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION soporte_contadores_borrado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM soporte_contadores_sumar(coalesce((
    SELECT jsonb_object_agg(spt_estado, jsonb_build_array(-n, -s)) FROM (
      SELECT spt_estado, count(*) AS n, count(*) FILTER (WHERE ase_codigo IS NULL) AS s FROM viejas GROUP BY spt_estado) x), '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION soporte_contadores_cambio() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM soporte_contadores_sumar(coalesce((
    SELECT jsonb_object_agg(spt_estado, jsonb_build_array(n, s)) FROM (
      SELECT spt_estado, sum(n) AS n, sum(s) AS s FROM (
        SELECT spt_estado, 1 AS n, (ase_codigo IS NULL)::int AS s FROM nuevas
        UNION ALL SELECT spt_estado, -1, -((ase_codigo IS NULL)::int) FROM viejas) d
      GROUP BY spt_estado HAVING sum(n) <> 0 OR sum(s) <> 0) x), '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION soporte_contadores_vaciado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM soporte_contadores;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER soporte_contadores_insercion AFTER INSERT ON soporte REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION soporte_contadores_insercion();
--> statement-breakpoint
CREATE TRIGGER soporte_contadores_borrado AFTER DELETE ON soporte REFERENCING OLD TABLE AS viejas
  FOR EACH STATEMENT EXECUTE FUNCTION soporte_contadores_borrado();
--> statement-breakpoint
CREATE TRIGGER soporte_contadores_cambio AFTER UPDATE ON soporte REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION soporte_contadores_cambio();
--> statement-breakpoint
CREATE TRIGGER soporte_contadores_vaciado AFTER TRUNCATE ON soporte
  FOR EACH STATEMENT EXECUTE FUNCTION soporte_contadores_vaciado();
--> statement-breakpoint
INSERT INTO soporte_contadores (spt_estado, total, sin_asesor)
  SELECT spt_estado, count(*), count(*) FILTER (WHERE ase_codigo IS NULL) FROM soporte GROUP BY spt_estado;
