/**
 * What a kept public answer shows of the catalogue, which decides which changes make it stale:
 * one product's own answers (its page and `GET /api/products/:id`), the listings (every list,
 * search, category and similar-products answer, which show many products' names, prices and
 * whether each is in stock), or anything at all.
 */
export interface CacheDependencies {
  readonly anything: boolean;
  readonly listings: boolean;
  readonly products: ReadonlySet<string>;
}

const NO_PRODUCTS: ReadonlySet<string> = new Set();

export const ON_LISTINGS: CacheDependencies = {
  anything: false,
  listings: true,
  products: NO_PRODUCTS,
};
export const ON_ANYTHING: CacheDependencies = {
  anything: true,
  listings: true,
  products: NO_PRODUCTS,
};

export const onProduct = (id: string): CacheDependencies => ({
  anything: false,
  listings: false,
  products: new Set([id]),
});

/**
 * Dependencies as surrogate keys (a CDN's word for the tags it can drop answers by), one
 * `Surrogate-Key` header: `catalogue` for anything, `listings`, `product-<id>` for each product.
 */
export function surrogateKeys(dependencies: CacheDependencies): string {
  if (dependencies.anything) return 'catalogue';
  const keys = dependencies.listings ? ['listings'] : [];
  for (const product of dependencies.products) keys.push(`product-${encodeURIComponent(product)}`);
  return keys.join(' ');
}

/** Dependencies gathered as an answer is made from others (a page from the calls it makes). */
export class GatheredDependencies implements CacheDependencies {
  anything = false;
  listings = false;
  readonly products = new Set<string>();

  /** What a listing shows: the listings, and the products it notes as it is made. */
  static listings(): GatheredDependencies {
    const gathered = new GatheredDependencies();
    gathered.listings = true;
    return gathered;
  }

  /** Adds what another answer depends on, as its `Surrogate-Key` says. */
  addKeys(keys: string): void {
    for (const key of keys.split(' ')) {
      if (key === 'catalogue') this.anything = true;
      else if (key === 'listings') this.listings = true;
      else if (key.startsWith('product-')) this.addProduct(key.slice('product-'.length));
    }
  }

  private addProduct(encoded: string) {
    try {
      this.products.add(decodeURIComponent(encoded));
    } catch {
      this.anything = true;
    }
  }
}

/**
 * How a change is told, by the database's triggers (migration 023): `product` when only that
 * product's own answers change (its stock moved and stayed on the same side of zero, a review of
 * it), `listing` when what listings show of it changes too (a name, a price, a picture, a rating,
 * going out of stock or back in, being added or removed).
 */
export type ChangeKind = 'product' | 'listing';

/** Products whose changes are remembered one by one; past this, everything is taken as changed. */
const MOST_PRODUCTS_REMEMBERED = 100_000;

/**
 * The changes an instance has heard of, as moments: a number that grows by one with each. An
 * answer made at a moment (taken before it was made) is current while nothing it depends on has
 * changed after it. Asking costs a map look-up per product, so a hit stays cheap.
 */
export function catalogueChanges() {
  let moment = 0;
  let everythingAt = 0;
  let listingsAt = 0;
  const productsAt = new Map<string, number>();
  const listeners: ((productId: string | null) => void)[] = [];

  function everything() {
    moment += 1;
    everythingAt = moment;
    productsAt.clear();
    for (const heard of listeners) heard(null);
  }

  return {
    get moment() {
      return moment;
    },
    /** A change told by the database, to one product or to what listings show. */
    changed(kind: ChangeKind, productId: string | null) {
      if (productsAt.size >= MOST_PRODUCTS_REMEMBERED) {
        everything();
        return;
      }
      moment += 1;
      if (kind === 'listing') listingsAt = moment;
      if (productId !== null) {
        productsAt.set(productId, moment);
        for (const heard of listeners) heard(productId);
      }
    },
    /** Calls `heard` with each product changed as it is heard of, and null when everything is. */
    onProductChanged(heard: (productId: string | null) => void) {
      listeners.push(heard);
    },
    /** Anything may have changed: a lost connection, a change too large to tell product by product. */
    everything,
    changedSince(dependencies: CacheDependencies, since: number): boolean {
      if (everythingAt > since) return true;
      if (dependencies.anything) return moment > since;
      if (dependencies.listings && listingsAt > since) return true;
      for (const product of dependencies.products) {
        if ((productsAt.get(product) ?? 0) > since) return true;
      }
      return false;
    },
  };
}

export type CatalogueChanges = ReturnType<typeof catalogueChanges>;
