/** The PostgreSQL error code of a failed statement; drizzle may wrap the driver's error in `cause`. */
const codeOf = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
};

/** A unique index refused the row. */
export const isUniqueViolation = (error: unknown) => codeOf(error) === '23505';
/** A foreign key refused the change: the row is still referenced, or references nothing. */
export const isForeignKeyViolation = (error: unknown) => codeOf(error) === '23503';
