// Text as the feeds' readers take it: plain, on lines of their own at most, within their lengths,
// and never a character XML 1.0 forbids (a feed with one is refused whole, not item by item).

/** Characters XML 1.0 never allows, even escaped, and other C0/C1 controls besides tab and line. */
// eslint-disable-next-line no-control-regex -- these are the characters to find
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
/** Half of a surrogate pair with no other half: not a character at all. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Something written as an HTML tag or comment: `<p>`, `</strong>`, `<br/>`, `<!-- -->`. */
const HTML_TAG = /<!--[\s\S]*?-->|<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi;
/** The entities a description pasted from a web page is likely to carry. */
const ENTITIES: Readonly<Record<string, string>> = {
  '&nbsp;': ' ',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
  '&amp;': '&',
};

/** Text with every character XML cannot carry taken out. */
export const withoutControls = (text: string): string =>
  text.replace(CONTROL, '').replace(LONE_SURROGATE, '');

/**
 * Text cut to at most `max` UTF-16 units (what a reader's "characters" are counted in), ending
 * with `…` when cut, and never between the halves of a character written with two.
 */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/**
 * A description as plain text: HTML tags and comments taken out, its common entities read,
 * control characters dropped, spaces run together and at most one blank line at a time.
 */
export function plainDescription(text: string, max: number): string {
  let plain = withoutControls(text.replaceAll('\r\n', '\n').replaceAll('\r', '\n'))
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(HTML_TAG, ' ');
  plain = plain.replace(/&(?:nbsp|lt|gt|quot|#39|apos|amp);/g, (entity) => ENTITIES[entity] ?? '');
  plain = plain
    .replace(/[ \t\u00A0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return shortened(plain, max);
}

/** One line of plain text (a title, a brand): controls dropped, every run of spaces one space. */
export const oneLine = (text: string): string => withoutControls(text).replace(/\s+/g, ' ').trim();
