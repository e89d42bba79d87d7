/** What the three parts of the benchmark share: medians, budgets and the printed tables. */

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The p-th percentile (nearest rank) of the values; 0 when there are none. */
export const percentil = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};

export const verdict = (ok: boolean) => (ok ? 'OK' : 'FALLA');

/** Prints rows as an aligned text table (numbers right-aligned), the way a terminal and a CI log both read well. */
export function printTable(title: string, rows: Array<Record<string, string | number>>) {
  console.log(`\n== ${title}`);
  if (!rows.length) return;
  const columns = Object.keys(rows[0]);
  // Times and ratios with two decimals, sizes with one, counts as they are: a column reads the same on every row.
  const cell = (column: string, value: string | number) =>
    typeof value !== 'number'
      ? value
      : column.includes('kB')
        ? value.toFixed(1)
        : /ms|razón/.test(column)
          ? value.toFixed(2)
          : String(value);
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => cell(column, row[column]).length)));
  const line = (values: Array<string | number>) =>
    values
      .map((value, i) => (typeof value === 'number' ? cell(columns[i], value).padStart(widths[i]) : value.padEnd(widths[i])))
      .join('  ');
  console.log(line(columns));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(columns.map((column) => row[column])));
}
