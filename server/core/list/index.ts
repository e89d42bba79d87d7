/**
 * Every paged list follows ra-data-simple-rest: ?range=[0,24]&sort=["FIELD","DESC"]&filter={...}; the answer is
 * the array of rows with a header "Content-Range: <resource> 0-24/319". Reading, counting and paging live here only:
 * request.ts reads the query, sql.ts builds the conditions, order and page, cache.ts keeps the prepared statements,
 * counts and estimates, read-page.ts reads a page with them, reply.ts sends it. The query's schema is the web app's
 * too, so it lives in domain/contratos/lista.ts.
 */
export { ListQuery } from '../../../domain/contratos/lista';
export { embed, type Bind, type ListSpec, type PageRequest, type PageSelect } from './spec';
export { companyQuery, readFilter, readSort, SCOPE_EMPRESA, scopedQuery } from './request';
export { boundsOf, contains, escapeLike, listConditions, pageCondition, paged, startsWith, tablePage } from './sql';
export { readPage } from './read-page';
export { listBatches } from './batches';
export { consultaLista } from './lista';
export { sendAll, sendListRange, sendPage } from './reply';
