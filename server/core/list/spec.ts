import type { AnyColumn, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/client';

/** How one filter key is read: its accepted values and the condition it adds. */
export type Filter =
  /**
   * Free text (or a number); blank text adds nothing. Values taken from the text go through bind(), so that requests
   * whose conditions differ only in those values share one prepared statement (see readPage). The condition may read
   * today's date in Ecuador (a plan's state), and nothing else besides the text: requests are remembered per day.
   */
  | { type: 'search'; where: (text: string, bind: Bind) => SQL | undefined }
  /** One allowed value or a non-empty list of them. */
  | { type: 'enum'; column: AnyColumn; values: readonly string[] }
  /**
   * One integer id (a number or a string of digits). `partition`: the list is one owner's rows (a company's clients),
   * and the owner's index leads with this column: a search's window walks the owner's most recent rows, not the table's.
   */
  | { type: 'integer'; column: AnyColumn; partition?: boolean }
  | { type: 'boolean'; column: AnyColumn }
  /** true adds the condition, false adds nothing. */
  | { type: 'flag'; where: SQL }
  /** One id or a list of ids (react-admin's getMany sends filter {"id":[...]}). */
  | { type: 'ids'; column: AnyColumn };

/**
 * How a request's value enters a statement: as a placeholder that the prepared statement of the list's shape fills in
 * (readPage), or embedded as a parameter (embed, for statements built once).
 */
export type Bind = <T>(value: T) => T;
export const embed: Bind = (value) => value;

export type ListSpec<Sort extends string = string> = {
  /** Name in Content-Range: the resource's Spanish name. */
  resource: string;
  /** The table counted for the total; filters may only use its columns. */
  table: PgTable;
  /**
   * Its primary key. With it, a page is read as `key IN (the page's keys)`: the keys are found (and OFFSET walked) on
   * an index alone, and only the page's rows are read and joined (see PageRequest.page). Big tables must set it.
   */
  key?: AnyColumn;
  /** Sortable keys and the columns each orders by (all in the requested direction). */
  sort: Record<Sort, AnyColumn[]>;
  defaultSort: [Sort, 'ASC' | 'DESC'];
  filters: Record<string, Filter>;
  /** A condition every row of the list meets (e.g. only active rows). */
  where?: SQL;
  /** The rows sent without a range: a first page, or every row when the resource is small and read whole. */
  defaultRange: [number, number] | 'all';
};

/**
 * What a repository needs to read one page. With a spec.key, read `.where(page).orderBy(...orderBy)` (no limit, no
 * offset): `page` selects exactly the page's rows. Without one, `.where(where).orderBy(...orderBy).limit(limit).offset(offset)`.
 */
export type PageRequest = {
  where: SQL | undefined;
  orderBy: SQL[];
  /** Placeholders (BOUND_PLACEHOLDERS), like every value of the request. */
  offset: number;
  limit: number;
  page: SQL | undefined;
};
/** total is exact up to EXACT_TOTAL; past it `estimated` is true and total is the planner's estimate (at least EXACT_TOTAL + 1). */
export type Page<T> = { resource: string; rows: T[]; offset: number; total: number; estimated?: boolean };

export type Statement<R> = { execute(values?: Record<string, unknown>): Promise<R[]> };
export type Preparable<R> = { prepare(name: string): Statement<R> };

/**
 * The rows of a page as a statement to prepare, from the request's conditions (which carry placeholders). Declare it
 * once, at module level, and build from `db` and `request` only: it is built once per list shape, so anything else it
 * read would be frozen into the shape's statement.
 */
export type PageSelect<R> = (db: Db, request: PageRequest) => Preparable<R>;
