import { NO_FACETS } from '../../../shared/catalog/facets';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AdminProduct } from '../../../shared/catalog/catalog-admin';
import { ann, answerBy, callsOf, resetStores } from '../../support/testing';

// What the product list's and the product form's tests share: products, an admin, and an upload
// the test moves on itself.
export const admin = {
  ...ann,
  _id: 'admin0000000000000000000',
  name: 'Shop Admin',
  isAdmin: true,
  role: 'admin' as const,
};

export const draft: AdminProduct = {
  _id: 'p0000000000000000000001',
  name: '',
  brand: '',
  image: '',
  images: [],
  price: 0,
  compareAtPrice: null,
  description: '',
  category: 'accessories',
  countInStock: 0,
  weightGrams: 0,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-03-02T10:00:00.000Z',
  options: [],
  variants: [],
  specifications: [],
  facets: NO_FACETS,
  madeToOrder: null,
  preorder: null,
  personalisation: null,
  status: 'draft',
};

export const pendant: AdminProduct = {
  ...draft,
  _id: 'p0000000000000000000002',
  name: 'Silver Pendant',
  brand: 'Larkspur',
  image: '/uploads/pendant.webp',
  images: [{ url: '/uploads/pendant.webp', alt: 'The silver pendant on its chain' }],
  price: 45,
  description: 'A small silver pendant.',
  category: 'pendants',
  countInStock: 3,
  weightGrams: 20,
  status: 'live',
};

/** Sold in three sizes, the small one sold out. */
export const tee: AdminProduct = {
  ...pendant,
  _id: 'p0000000000000000000003',
  name: 'Brushed Silk Tee',
  category: 't-shirts',
  price: 20,
  countInStock: 7,
  options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
  variants: [
    {
      _id: 'v0000000000000000000001',
      options: { Size: 'S' },
      sku: 'BST-S',
      price: 20,
      compareAtPrice: null,
      countInStock: 0,
      weightGrams: 0,
    },
    {
      _id: 'v0000000000000000000002',
      options: { Size: 'M' },
      sku: 'BST-M',
      price: 22,
      compareAtPrice: null,
      countInStock: 3,
      weightGrams: 0,
    },
    {
      _id: 'v0000000000000000000003',
      options: { Size: 'L' },
      sku: 'BST-L',
      price: 24,
      compareAtPrice: null,
      countInStock: 4,
      weightGrams: 0,
    },
  ],
  specifications: [{ label: 'Fabric', value: 'Silk' }],
  facets: NO_FACETS,
  madeToOrder: null,
  preorder: null,
  personalisation: null,
};

export const page = (products: AdminProduct[], pages = 1) => ({ products, page: 1, pages });

export const putsOf = (send: ReturnType<typeof answerBy>) =>
  callsOf(send).filter(({ method }) => method === 'PUT');

/**
 * Puts text into a field at once, as pasting does. These tests are about what the form makes of
 * its fields, not about keys: typing each character re-renders the whole form, and a few hundred
 * of those made the tests slow enough to near their time limit on a busy machine.
 */
export async function fill(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

/** Puts text in place of what a field holds. */
export async function retype(label: string, text: string) {
  await userEvent.clear(screen.getByLabelText(label));
  await userEvent.paste(text);
}

export const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

/** Stands in for XMLHttpRequest: each upload waits until the test moves it on. */
export class FakeXhr {
  static last: FakeXhr | undefined;
  upload: {
    onprogress:
      ((event: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void) | null;
  } = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  constructor() {
    FakeXhr.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    act(() => this.onload?.());
  }
}

export function lastUpload(): FakeXhr {
  if (!FakeXhr.last) throw new Error('nothing was uploaded');
  return FakeXhr.last;
}

/** Each test of the form starts signed out with nothing uploaded, its uploads held for the test. */
export function holdUploads() {
  beforeEach(() => {
    resetStores();
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
