// CSV as DECISIONS.md fixes it: RFC 4180 quoting, header of JSON property names, CRLF, booleans true/false.

export type CsvValue = string | number | boolean | null | undefined;

/** One cell: quoted when it holds the separator, a quote or a line break; absent values empty. */
export function csvCell(value: CsvValue, separator: string): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  if (text.includes(separator) || text.includes('"') || text.includes('\n') || text.includes('\r'))
    return `"${text.replaceAll('"', '""')}"`;
  return text;
}

export function csvRow(values: readonly CsvValue[], separator: string): string {
  return values.map((v) => csvCell(v, separator)).join(separator) + '\r\n';
}

/** A header row and one row per record, columns in the given order (every line ends with CRLF). */
export function csvTable<T extends object>(
  columns: readonly (keyof T & string)[],
  records: readonly T[],
  separator: string,
): string {
  let out = csvRow(columns, separator);
  for (const r of records)
    out += csvRow(
      columns.map((c) => r[c] as CsvValue),
      separator,
    );
  return out;
}
