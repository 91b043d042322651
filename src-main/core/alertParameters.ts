// An alert's parameter text as the service writes it (`key=v1,v2 key2=v`), read into lists of values per key.

/**
 * `negative=true windowMin=140 responseFilter=0,1` → `{ negative: ['true'], windowMin: ['140'], responseFilter:
 * ['0', '1'] }` (DECISIONS.md: several values of one key are comma-separated). Words without `=` are kept with
 * no values; a key given twice collects both.
 */
export function parseAlertParameters(text: string): Record<string, string[]> {
  const out = Object.create(null) as Record<string, string[]>; // a key like __proto__ stays a plain key
  for (const pair of text.split(/\s+/)) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq);
    const values =
      eq < 0
        ? []
        : pair
            .slice(eq + 1)
            .split(',')
            .filter((v) => v !== '');
    out[key] = [...(out[key] ?? []), ...values];
  }
  return out;
}
