/**
 * The one rule for text the shop accepts: no control characters (U+0000-U+001F, U+007F). Text that
 * may run over several lines (notes, comments, descriptions, reasons) may hold line breaks and tabs.
 */
const CONTROL = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/; // eslint-disable-line no-control-regex

export function isCleanText(value: string, { multiline = false } = {}): boolean {
  return !(multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value);
}

/** Body fields that are written over several lines; every other string is one line. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'notes',
  'comment',
  'description',
  'reason',
  /** An order's note by staff. */
  'text',
  /** A gift's message, printed on its packing slip as written. */
  'message',
  /** A basket line's text to engrave or print, a line for each line. */
  'personalisation',
  /** A newsletter's Markdown. */
  'body',
]);

export const UNCLEAN_TEXT_MESSAGE =
  'contains a character that cannot be used (a control character)';

/** A description cut to what a search result or a link preview shows, at a word. */
export function summaryOf(text: string, max = 160): string {
  const flat = text.replaceAll(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`;
}
