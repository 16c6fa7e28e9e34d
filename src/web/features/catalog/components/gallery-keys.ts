import type { ProductImage as Picture } from '../../../../shared/catalog/catalog';

/** Which picture a key moves to from `index` of `count`, or undefined for another key. */
export function pictureAfterKey(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight' || key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/** `Picture 2 of 5: …`, or the description alone when there is one picture. */
export const pictureName = (pictures: readonly Picture[], index: number): string =>
  pictures.length > 1
    ? `Picture ${index + 1} of ${pictures.length}: ${pictures[index]?.alt ?? ''}`
    : (pictures[index]?.alt ?? '');
