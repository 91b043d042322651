// A non-paged list answered as JSON or CSV, columns in the record's documented order.
import { CSV_TYPE, type Reply, jsonReply } from '../http/reply.ts';
import type { V2Context } from './context.ts';
import { type CsvValue, csvRow } from './csv.ts';

export type Row = Record<string, CsvValue | readonly string[]>;

function cell(v: CsvValue | readonly string[]): CsvValue {
  if (typeof v === 'object' && v !== null) return v.join(',');
  return v;
}

/** Arrays become one CSV cell of comma-joined values. `headers` adds paging headers for paged lists. */
export function tableReply(
  ctx: V2Context,
  columns: readonly string[],
  rows: readonly Row[],
  headers: Record<string, string> = { 'X-More-Available': 'false' },
): Reply {
  if (ctx.format === 'json') return jsonReply(rows, headers);
  let body = csvRow(columns, ctx.separator);
  for (const r of rows)
    body += csvRow(
      columns.map((c) => cell(r[c])),
      ctx.separator,
    );
  return { status: 200, headers, body, contentType: CSV_TYPE };
}
