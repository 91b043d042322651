// The caption every exported chart carries: title, filters in words, "data as of" the last sync, app and version.
import type { CaptionText } from '#shared/contract.ts';
import type { AppInfo } from './appInfo.ts';

export interface Caption extends CaptionText {
  /** ISO instant of the last finished sync, or null when the store was never synced. */
  dataAsOf: string | null;
  app: AppInfo;
}

export interface CaptionLines {
  title: string;
  /** "Subtree: Deutschland · Period: 2026-10-01 to 2026-10-31 · …" */
  filters: string;
  /** "Data as of 2026-10-31 18:04 UTC · Feedback Desk 0.1.0" */
  footer: string;
}

/** An ISO instant as the caption writes it: minutes, in UTC, said so. */
export function formatDataAsOf(iso: string | null): string {
  if (iso === null) return 'not synced yet';
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function filterPairs(caption: CaptionText): [string, string][] {
  const f = caption.filters;
  const pairs: [string, string | undefined][] = [
    ['Subtree', f.subtree],
    ['Period', f.period],
    ['Comparison', f.comparison],
    ['Scale', f.scale],
    ['Survey', f.survey],
    ['Misuse', f.misuse],
  ];
  return pairs.filter((p): p is [string, string] => p[1] !== undefined && p[1] !== '');
}

export function captionLines(caption: Caption): CaptionLines {
  return {
    title: caption.title,
    filters: filterPairs(caption)
      .map(([k, v]) => `${k}: ${v}`)
      .join(' · '),
    footer: `Data as of ${formatDataAsOf(caption.dataAsOf)} · ${caption.app.name} ${caption.app.version}`,
  };
}

/**
 * Text as SVG/XML character data or attribute value: the five markup characters escaped, and characters XML
 * cannot hold at all (controls other than tab and newline, lone surrogates) replaced, so a hostile name stays text.
 */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Greedy word wrap by an estimated text width (DejaVu Sans averages ~0.6 em per character), at most `maxLines`. */
export function wrapText(text: string, fontSize: number, width: number, maxLines: number): string[] {
  const perLine = Math.max(8, Math.floor(width / (fontSize * 0.6)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (next.length <= perLine) line = next;
    else {
      if (line !== '') lines.push(line);
      line = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = `${last.slice(0, Math.max(0, perLine - 1))}…`;
  return kept;
}
