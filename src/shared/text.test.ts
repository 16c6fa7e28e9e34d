import { describe, expect, it } from 'vitest';
import { isCleanText } from './text';

describe('clean text', () => {
  const controls = [...Array.from({ length: 32 }, (_, code) => code), 0x7f].map((code) =>
    String.fromCharCode(code),
  );

  it('refuses every control character on one line', () => {
    for (const control of controls)
      expect(isCleanText(`a${control}b`), `${control.charCodeAt(0)}`).toBe(false);
    expect(isCleanText('Ann’s 9ct gold — “hallmarked” 🎁')).toBe(true);
  });

  it('allows line breaks and tabs in multi-line text, and nothing else', () => {
    const allowed = controls.filter((control) => isCleanText(control, { multiline: true }));
    expect(allowed).toEqual(['\t', '\n', '\r']);
  });
});
