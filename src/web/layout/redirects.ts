const SIGN_IN = '/account/login';
const PROBE_ORIGIN = 'https://shop.invalid';

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Where a `?redirect=` may send the shopper: a path on this site, and nothing else. Anything that a
 * browser could read as another site (`//evil.example`, `/\evil.example`, `https://…`, or a path
 * hiding a tab or newline) gives the home page.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//')) return '/';
  if (target.includes('\\') || hasControlCharacter(target)) return '/';
  try {
    return new URL(target, PROBE_ORIGIN).origin === PROBE_ORIGIN ? target : '/';
  } catch {
    return '/';
  }
}

/** `path?redirect=target`, leaving the slashes of the target readable; no query for home. */
export function withRedirect(path: string, target: string): string {
  if (target === '/') return path;
  return `${path}?redirect=${encodeURIComponent(target).replaceAll('%2F', '/')}`;
}

/** The sign-in page, coming back to `target` afterwards. */
export const signInPath = (target: string) => withRedirect(SIGN_IN, target);
