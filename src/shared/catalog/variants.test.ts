import { describe, expect, it } from 'vitest';
import { allCombinations, variantFor, variantLabel, variantProblem } from './variants';

const groups = [
  { name: 'Size', values: ['S', 'M'] },
  { name: 'Colour', values: ['Navy', 'Ecru'] },
];

describe('options and variants', () => {
  it('labels a variant in the order of the groups', () => {
    expect(variantLabel(groups, { Colour: 'Navy', Size: 'M' })).toBe('Size: M, Colour: Navy');
  });

  it('makes every combination of the values', () => {
    expect(allCombinations(groups)).toEqual([
      { Size: 'S', Colour: 'Navy' },
      { Size: 'S', Colour: 'Ecru' },
      { Size: 'M', Colour: 'Navy' },
      { Size: 'M', Colour: 'Ecru' },
    ]);
    expect(allCombinations([])).toEqual([{}]);
  });

  it('finds the variant a complete choice makes, and none for an incomplete one', () => {
    const variants = allCombinations(groups).map((options, index) => ({ options, index }));
    expect(variantFor(groups, variants, { Colour: 'Ecru', Size: 'M' })?.index).toBe(3);
    expect(variantFor(groups, variants, { Size: 'M' })).toBeUndefined();
  });

  it.each([
    [[], [{ options: { Size: 'S' }, sku: 'A' }], 'VARIANTS_MISSING'],
    [groups, [], 'VARIANTS_MISSING'],
    [groups, [{ options: { Size: 'S' }, sku: 'A' }], 'VARIANT_INCOMPLETE'],
    [groups, [{ options: { Size: 'XL', Colour: 'Navy' }, sku: 'A' }], 'OPTION_VALUE_UNKNOWN'],
    [
      groups,
      [{ options: { Size: 'S', Colour: 'Navy', Metal: 'Gold' }, sku: 'A' }],
      'OPTION_VALUE_UNKNOWN',
    ],
    [
      groups,
      [
        { options: { Size: 'S', Colour: 'Navy' }, sku: 'A' },
        { options: { Colour: 'Navy', Size: 'S' }, sku: 'B' },
      ],
      'VARIANT_DUPLICATE',
    ],
    [
      groups,
      [
        { options: { Size: 'S', Colour: 'Navy' }, sku: 'A-1' },
        { options: { Size: 'M', Colour: 'Navy' }, sku: 'a-1' },
      ],
      'SKU_TAKEN',
    ],
  ])('finds what is wrong: %#', (options, variants, code) => {
    expect(variantProblem(options, variants)?.code).toBe(code);
  });

  it('finds nothing wrong with a complete set, or with no options at all', () => {
    const variants = allCombinations(groups).map((options, index) => ({
      options,
      sku: `SKU-${String(index)}`,
    }));
    expect(variantProblem(groups, variants)).toBeUndefined();
    expect(variantProblem([], [])).toBeUndefined();
  });
});
