// Secrets some addresses carry (a guest order's key, a password reset token), hidden from
// anything that writes the address down. An address is hidden by what it means to those who read
// it, not by how it is spelt: the router's query parser and the browser's URL both decode
// `%6Bey` to `key`, and a path may be spelt with escapes, backslashes or dot segments.

/**
 * Percent-escapes decoded where they make text, and left as written where they do not (a lone
 * `%`, bytes that are no UTF-8): as a browser's URL reads them, and as the router does where it
 * can decode at all.
 */
function decodedLeniently(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}

/** The router's split (find-my-way): the path ends at the first `?` or `#`. */
function splitAtQuery(url: string): { path: string; rest: string } {
  const end = url.search(/[?#]/);
  return end === -1 ? { path: url, rest: '' } : { path: url.slice(0, end), rest: url.slice(end) };
}

/** A query's name as each reader decodes it: `+` is a space, escapes are decoded. */
const nameRead = (written: string) => decodedLeniently(written.replaceAll('+', ' ')).trim();

/**
 * The address with the value of every query parameter that reads as `name` (in any case and
 * spelling) shown as `shownAs`. Parameters are taken apart at `&` as the parsers do, and at `?`,
 * `#` and `;` as well, which hides more than is read rather than less.
 */
export function hideQueryValue(url: string, name: string, shownAs: string): string {
  const { path, rest } = splitAtQuery(url);
  if (rest === '') return url;
  const hidden = rest.replace(/([?#&;])([^?#&;=]*)=[^?#&;]*/g, (whole, mark: string, written) =>
    nameRead(String(written)).toLowerCase() === name
      ? `${mark}${String(written)}=${shownAs}`
      : whole,
  );
  return `${path}${hidden}`;
}

/**
 * The address with whatever follows a path segment that reads as `segment` shown as `shownAs`:
 * `/password-reset/reset/<token>` is `/password-reset/reset/[token]` however it is spelt. An
 * address that has the segment is written as it reads (escapes decoded, `\` as `/`), as the
 * storefront reads it; the query after it is kept as it came.
 */
export function hidePathAfter(url: string, segment: string, shownAs: string): string {
  const { path, rest } = splitAtQuery(url);
  const segments = decodedLeniently(path).split(/[/\\]/);
  const at = segments.findIndex((each) => each.trim().toLowerCase() === segment);
  if (at === -1 || at === segments.length - 1) return url;
  return `${segments.slice(0, at + 1).join('/')}/${shownAs}${rest}`;
}
