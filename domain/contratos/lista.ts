import { Type, type Static } from 'typebox';

/**
 * Every paged list follows ra-data-simple-rest: ?range=[0,24]&sort=["FIELD","DESC"]&filter={...}; the answer is
 * the array of rows with a header "Content-Range: <resource> 0-24/319" (server/core/list/ parses, counts and pages).
 */
export const ListQuery = Type.Object({
  range: Type.Optional(Type.String({ maxLength: 40 })),
  sort: Type.Optional(Type.String({ maxLength: 100 })),
  filter: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ListQuery = Static<typeof ListQuery>;
