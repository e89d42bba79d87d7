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

/** The formats a list exports to (GET …/exportar): CSV (UTF-8 with BOM) or Excel. */
export const FORMATOS_EXPORTACION = ['csv', 'xlsx'] as const;
export type FormatoExportacion = (typeof FORMATOS_EXPORTACION)[number];

/** A list's export: the format, and the list's own filter and sort (the whole filtered list, not one page). */
export const ExportarQuery = Type.Object({
  formato: Type.Unsafe<FormatoExportacion>({
    type: 'string',
    enum: [...FORMATOS_EXPORTACION],
    errorMessage: 'El formato debe ser csv o xlsx',
  }),
  filter: Type.Optional(Type.String({ maxLength: 2000 })),
  sort: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ExportarQuery = Static<typeof ExportarQuery>;
