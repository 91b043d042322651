// The stored form of a feedback's `ui` (migration 0016): the three values the service sends as a code of one
// character or none in `ui_code`, any other value as sent in `ui_text`; the column `ui` reads them back in SQL.

/** The two stored columns of a `ui`: [`ui_text`, `ui_code`]. */
export function encodeUi(ui: string | null): [string | null, string | null] {
  switch (ui) {
    case 'physical':
      return [null, ''];
    case 'touchless':
      return [null, 't'];
    case 'digital':
      return [null, 'd'];
    default:
      return [ui, null];
  }
}
