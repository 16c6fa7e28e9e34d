import { describe, expect, it } from 'vitest';
import {
  catalogueChanges,
  GatheredDependencies,
  ON_ANYTHING,
  ON_LISTINGS,
  onProduct,
  surrogateKeys,
} from './catalogue-invalidation';

describe('which kept answers a change makes stale', () => {
  it("a product's own change leaves other products and the listings current", () => {
    const changes = catalogueChanges();
    const since = changes.moment;
    changes.changed('product', 'ring');
    expect(changes.changedSince(onProduct('ring'), since)).toBe(true);
    expect(changes.changedSince(onProduct('cuff'), since)).toBe(false);
    expect(changes.changedSince(ON_LISTINGS, since)).toBe(false);
    expect(changes.changedSince(ON_ANYTHING, since)).toBe(true);
    // An answer made after the change was heard of is current.
    expect(changes.changedSince(onProduct('ring'), changes.moment)).toBe(false);
  });

  it("a listing's change makes every listing stale, and the product's own answers", () => {
    const changes = catalogueChanges();
    const since = changes.moment;
    changes.changed('listing', 'ring');
    expect(changes.changedSince(ON_LISTINGS, since)).toBe(true);
    expect(changes.changedSince(onProduct('ring'), since)).toBe(true);
    expect(changes.changedSince(onProduct('cuff'), since)).toBe(false);
  });

  it('everything changing makes every answer made before it stale, and none after', () => {
    const changes = catalogueChanges();
    const since = changes.moment;
    changes.everything();
    expect(changes.changedSince(onProduct('cuff'), since)).toBe(true);
    expect(changes.changedSince(onProduct('cuff'), changes.moment)).toBe(false);
  });
});

describe("a page's dependencies, gathered from the surrogate keys of its calls", () => {
  it('reads back what each answer names, an odd id included', () => {
    const page = new GatheredDependencies();
    page.addKeys(surrogateKeys(onProduct('a b/ü')));
    page.addKeys(surrogateKeys(ON_LISTINGS));
    expect(page.listings).toBe(true);
    expect(page.anything).toBe(false);
    expect([...page.products]).toEqual(['a b/ü']);
    expect(surrogateKeys(page)).toBe('listings product-a%20b%2F%C3%BC');
  });

  it('takes a call that may show anything as the page showing anything', () => {
    const page = new GatheredDependencies();
    page.addKeys(surrogateKeys(ON_ANYTHING));
    expect(page.anything).toBe(true);
    expect(surrogateKeys(page)).toBe('catalogue');
  });
});
