import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { HttpError } from './errors';
import { embed, escapeLike, type Bind } from './list';
import { BANDERAS, type Bandera } from '../../domain/clientes';

/** What the lists of a company's parties (its clients, its suppliers) filter the same way: the search and the flags. */

/**
 * A part of the identification, the razón social or the nombre comercial, without accents and in any case, through
 * the trigram index of the `busqueda` column (normalised by the same function, amelia_busqueda).
 * A whole cédula (10 digits) or RUC (13) is looked up in the company's unique identification index instead: the
 * trigram index covers every company's rows, and is slow for a company with many of them (docs/performance.md). A
 * cédula also finds the RUC of the same person (the cédula followed by 001).
 */
export const busquedaTercero =
  (identificacion: AnyColumn, busqueda: AnyColumn) =>
  (text: string, bind: Bind = embed): SQL => {
    const digits = text.trim();
    if (/^\d{10}$/.test(digits)) return sql`${identificacion} IN (${bind(digits)}, ${bind(`${digits}001`)})`;
    if (/^\d{13}$/.test(digits)) return sql`${identificacion} = ${bind(digits)}`;
    return sql`${busqueda} LIKE '%' || amelia_busqueda(${bind(escapeLike(text))}) || '%'`;
  };

const BANDERA_KEYS = Object.keys(BANDERAS) as Bandera[];

/** The `bandera` filter: a taxpayer flag the last lookup found (the `banderas` column has it true). */
export const filtroBandera =
  (banderas: AnyColumn) =>
  (text: string, bind: Bind): SQL => {
    if (!BANDERA_KEYS.includes(text as Bandera)) throw new HttpError(400, `El filtro bandera debe ser ${BANDERA_KEYS.join(', ')}`);
    return sql`${banderas} @> ${bind(JSON.stringify({ [text]: true }))}::jsonb`;
  };
