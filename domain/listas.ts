/**
 * Paged lists' totals (server/core/list/): exact up to EXACT_TOTAL rows; past it the API sends the planner's
 * estimate in Content-Range (still a number, so ra-data-simple-rest clients read it as usual) and the header
 * ESTIMATED_TOTAL_HEADER: 1, and the web app shows "más de 10 000".
 */
export const EXACT_TOTAL = 10_000;
export const ESTIMATED_TOTAL_HEADER = 'X-Total-Estimado';

/** 10000 → "10 000" (grouping by a space, as Spanish style guides write large numbers). */
export const formatCount = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
