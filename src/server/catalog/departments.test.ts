import { describe, expect, it } from 'vitest';
import { demoProducts } from '../db/seed/demo-products';
import { departmentOf } from './departments';

const shelvedIn = (department: string) =>
  demoProducts
    .filter(
      (product) => departmentOf(product.category, product.specifications ?? []) === department,
    )
    .map((product) => product.name);

describe('departments', () => {
  it('shelve pendants, chains, rings, earrings and metal accessories as jewellery', () => {
    const jewellery = shelvedIn('jewellery');
    expect(jewellery).toEqual(
      expect.arrayContaining([
        'Crescent Moon Pendant',
        'Classic Curb Chain',
        'Sterling Silver Bangle',
        'Chunky Gold Hoop Earrings',
        'Sterling Silver Solitaire Ring',
      ]),
    );
    expect(jewellery).not.toContain('Canvas Stripe Tote');
    expect(jewellery).not.toContain('Merino Knit Gloves');
  });

  it('shelve jumpers and woollen hats and accessories as knitwear, not cotton ones', () => {
    const knitwear = shelvedIn('knitwear');
    expect(knitwear).toEqual(
      expect.arrayContaining([
        'Aran Cable Jumper',
        'Organic Cotton Crew Jumper',
        'Chunky Bobble Beanie',
        'Fisherman Beanie',
        'Merino Stripe Beanie',
        'Lambswool Tartan Scarf',
        'Merino Knit Gloves',
        'Wool Stripe Socks',
      ]),
    );
    for (const name of ['Washed Cotton Cap', 'Corduroy Bucket Hat', 'Canvas Stripe Tote']) {
      expect(knitwear).not.toContain(name);
    }
    expect(knitwear.some((name) => name.endsWith('Tee'))).toBe(false);
  });

  it('read labels whatever their case, and ignore an empty Metal row', () => {
    expect(departmentOf('accessories', [{ label: ' metal ', value: '9ct gold' }])).toBe(
      'jewellery',
    );
    expect(departmentOf('accessories', [{ label: 'Metal', value: '  ' }])).toBeNull();
    expect(departmentOf('hats', [{ label: 'FABRIC', value: 'Alpaca blend' }])).toBe('knitwear');
  });

  it('let the category decide first: a jumper with metal buttons stays knitwear', () => {
    expect(departmentOf('jumpers', [{ label: 'Metal', value: 'Brass buttons' }])).toBe('knitwear');
    expect(departmentOf('t-shirts', [{ label: 'Fabric', value: 'Cotton knit' }])).toBeNull();
    expect(departmentOf('pendants', [])).toBe('jewellery');
  });

  it('shelve rings and earrings as jewellery, whatever their rows say', () => {
    expect(departmentOf('rings', [])).toBe('jewellery');
    expect(departmentOf('earrings', [{ label: 'Fabric', value: 'Wool tassel' }])).toBe('jewellery');
    // A ring an owner keeps among the accessories is jewellery by its metal, as before.
    expect(departmentOf('accessories', [{ label: 'Metal', value: 'Sterling silver' }])).toBe(
      'jewellery',
    );
  });

  it('give the demo rings and earrings shelves of their own', () => {
    const inCategory = (category: string) =>
      demoProducts.filter((product) => product.category === category).map((p) => p.name);
    expect(inCategory('rings')).toEqual([
      'Sterling Silver Solitaire Ring',
      'Gold Vermeil Court Band',
    ]);
    expect(inCategory('earrings')).toEqual(['Chunky Gold Hoop Earrings']);
    expect(inCategory('accessories')).not.toContain('Sterling Silver Solitaire Ring');
    expect(inCategory('accessories')).not.toContain('Chunky Gold Hoop Earrings');
  });
});
