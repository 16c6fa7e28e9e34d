import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { AdminProduct } from '../../../shared/catalog/catalog-admin';
import { usePanels } from '../../state/panel-store';
import { useToast } from '../../state/toast-store';
import { answerBy, ann, callsOf, resetStores, signInAs } from '../../support/testing';
import { ProductForm } from './ProductForm';
import { ProductListPage } from './ProductListPage';

const admin = {
  ...ann,
  _id: 'admin0000000000000000000',
  name: 'Shop Admin',
  isAdmin: true,
  role: 'admin' as const,
};

const draft: AdminProduct = {
  _id: 'p0000000000000000000001',
  name: '',
  brand: '',
  image: '',
  images: [],
  price: 0,
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
  status: 'draft',
};

const pendant: AdminProduct = {
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
const tee: AdminProduct = {
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
      countInStock: 0,
      weightGrams: 0,
    },
    {
      _id: 'v0000000000000000000002',
      options: { Size: 'M' },
      sku: 'BST-M',
      price: 22,
      countInStock: 3,
      weightGrams: 0,
    },
    {
      _id: 'v0000000000000000000003',
      options: { Size: 'L' },
      sku: 'BST-L',
      price: 24,
      countInStock: 4,
      weightGrams: 0,
    },
  ],
  specifications: [{ label: 'Fabric', value: 'Silk' }],
};

const page = (products: AdminProduct[], pages = 1) => ({ products, page: 1, pages });

const putsOf = (send: ReturnType<typeof answerBy>) =>
  callsOf(send).filter(({ method }) => method === 'PUT');

/**
 * Puts text into a field at once, as pasting does. These tests are about what the form makes of
 * its fields, not about keys: typing each character re-renders the whole form, and a few hundred
 * of those made the tests slow enough to near their time limit on a busy machine.
 */
async function fill(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

/** Puts text in place of what a field holds. */
async function retype(label: string, text: string) {
  await userEvent.clear(screen.getByLabelText(label));
  await userEvent.paste(text);
}

const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

/** Stands in for XMLHttpRequest: each upload waits until the test moves it on. */
class FakeXhr {
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

function lastUpload(): FakeXhr {
  if (!FakeXhr.last) throw new Error('nothing was uploaded');
  return FakeXhr.last;
}

describe('the product list', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists drafts and live products with their price, category, brand and stock', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, page([draft, pendant], 2)]);
    renderInApp(<ProductListPage />);
    const rows = await screen.findAllByRole('row');
    expect(
      within(rows[0] ?? document.body)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['ID', 'Name', 'Price', 'Category', 'Brand', 'Stock', 'Actions']);
    const [, draftRow, pendantRow] = rows;
    if (!draftRow || !pendantRow) throw new Error('two product rows expected');
    expect(within(draftRow).getByText('Draft')).toBeTruthy();
    expect(within(pendantRow).queryByText('Draft')).toBeNull();
    expect(within(pendantRow).getByText('£45.00')).toBeTruthy();
    expect(
      within(pendantRow).getByRole('link', { name: 'Silver Pendant' }).getAttribute('href'),
    ).toBe(`/admin/product/${pendant._id}/edit`);
    expect(
      screen
        .getByRole('navigation', { name: 'Product pages' })
        .querySelector('[aria-current="page"]')
        ?.getAttribute('href'),
    ).toBe('/admin/productlist/1');
    expect(callsOf(send).map(({ path }) => path)).toEqual(['/api/admin/products?pageNumber=1']);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Silver Pendant' }));
    expect(usePanels.getState().panel).toEqual({ kind: 'editProduct', productId: pendant._id });
  });

  it('flags a product with sold-out variants beside its total stock', async () => {
    signInAs(admin);
    const twoSoldOut: AdminProduct = {
      ...tee,
      _id: 'p0000000000000000000004',
      name: 'Curb Chain',
      options: [
        { name: 'Chain length', values: ['40 cm', '45 cm'] },
        { name: 'Colour', values: ['Gold'] },
      ],
      variants: [
        {
          _id: 'v4',
          options: { 'Chain length': '40 cm', Colour: 'Gold' },
          sku: 'CC-40',
          price: 30,
          countInStock: 0,
          weightGrams: 0,
        },
        {
          _id: 'v5',
          options: { 'Chain length': '45 cm', Colour: 'Gold' },
          sku: 'CC-45',
          price: 30,
          countInStock: 0,
          weightGrams: 0,
        },
      ],
      price: 30,
      countInStock: 0,
    };
    answerBy(() => [200, page([tee, twoSoldOut, pendant])]);
    renderInApp(<ProductListPage />);
    const [, teeRow, chainRow, pendantRow] = await screen.findAllByRole('row');
    if (!teeRow || !chainRow || !pendantRow) throw new Error('three product rows expected');
    const stockOf = (row: HTMLElement) => within(row.querySelectorAll('td')[5] ?? row);
    expect(stockOf(teeRow).getByText('7')).toBeTruthy();
    expect(stockOf(teeRow).getByText('1 size sold out')).toBeTruthy();
    expect(stockOf(chainRow).getByText('2 options sold out')).toBeTruthy();
    expect(within(pendantRow).queryByText(/sold out/)).toBeNull();
    // A product whose variants cost different amounts starts from its lowest price.
    expect(teeRow.querySelectorAll('td')[2]?.textContent).toBe('from £20.00');
    expect(chainRow.querySelectorAll('td')[2]?.textContent).toBe('£30.00');
  });

  it('creates a draft and opens it in the edit panel', async () => {
    signInAs(admin);
    const send = answerBy((method) => (method === 'POST' ? [201, draft] : [200, page([])]));
    renderInApp(<ProductListPage />);
    expect(await screen.findByText('There are no products yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() =>
      expect(usePanels.getState().panel).toEqual({ kind: 'editProduct', productId: draft._id }),
    );
    expect(callsOf(send)).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/products' }),
    );
  });

  it('deletes only after the admin confirms, in the words of the spec', async () => {
    signInAs(admin);
    const send = answerBy((method) =>
      method === 'DELETE' ? [200, { message: 'Product removed' }] : [200, page([pendant])],
    );
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderInApp(<ProductListPage />);
    const remove = await screen.findByRole('button', { name: 'Delete Silver Pendant' });

    await userEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Delete Silver Pendant? Orders keep their copy.');
    expect(callsOf(send).some(({ method }) => method === 'DELETE')).toBe(false);

    await userEvent.click(remove);
    await waitFor(() =>
      expect(callsOf(send)).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: `/api/products/${pendant._id}` }),
      ),
    );
    await waitFor(() => expect(useToast.getState().message).toBe('Product removed'));
    // The list is asked for again once the product is gone.
    await waitFor(() =>
      expect(callsOf(send).filter(({ method }) => method === 'GET')).toHaveLength(2),
    );
  });
});

describe('the product form', () => {
  beforeEach(() => {
    resetStores();
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for every field, wants numbers for price and stock, then saves and publishes', async () => {
    signInAs(admin);
    const send = answerBy((method) =>
      method === 'PUT' ? [200, { ...pendant, _id: draft._id }] : [200, draft],
    );
    renderInApp(<ProductForm productId={draft._id} />);
    expect(
      await screen.findByText(
        'Draft: shoppers cannot see this product until it is saved complete.',
      ),
    ).toBeTruthy();
    const update = screen.getByRole('button', { name: 'Update' });

    await userEvent.clear(screen.getByLabelText('Count in stock'));
    await userEvent.click(update);
    for (const message of [
      'Please enter a name',
      'Please enter a price',
      'Please choose an image',
      'Please enter a brand',
      'Please enter how many are in stock',
      'Please write a description',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    const price = screen.getByLabelText('Price (£)');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    const errorId = price.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Please enter a price');

    await fill('Price (£)', 'ten pounds');
    await fill('Count in stock', '2.5');
    await fill('Weight (g)', '20.5');
    await userEvent.click(update);
    expect(screen.getByText('The price must be a number')).toBeTruthy();
    expect(screen.getByText('The stock must be a whole number')).toBeTruthy();
    expect(screen.getByText('The weight must be a whole number of grams')).toBeTruthy();
    await retype('Weight (g)', '31000');
    await userEvent.click(update);
    expect(screen.getByText('The weight can be at most 30000 grams (30 kg)')).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'PUT')).toBe(false);

    await retype('Price (£)', '45');
    await retype('Count in stock', '3');
    await retype('Weight (g)', '20');
    await fill('Name', 'Silver Pendant');
    await fill('Or add a picture by its address', 'pendant.webp');
    await userEvent.click(screen.getByRole('button', { name: 'Add this picture' }));
    expect(
      screen.getByText('The image must be an uploaded picture or an https:// address'),
    ).toBeTruthy();
    await retype('Or add a picture by its address', '/uploads/pendant.webp');
    await userEvent.click(screen.getByRole('button', { name: 'Add this picture' }));
    await userEvent.click(update);
    expect(
      screen.getByText('Please describe the picture for those who cannot see it'),
    ).toBeTruthy();
    await fill('Alt text of picture 1', 'The silver pendant on its chain');
    await fill('Brand', 'Larkspur');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'pendants');
    await fill('Description', 'A small silver pendant.');
    await userEvent.click(update);

    expect(await screen.findByText('Product saved')).toBeTruthy();
    expect(callsOf(send).find(({ method }) => method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/api/products/${draft._id}`,
      body: {
        name: 'Silver Pendant',
        price: 45,
        images: [{ url: '/uploads/pendant.webp', alt: 'The silver pendant on its chain' }],
        brand: 'Larkspur',
        category: 'pendants',
        countInStock: 3,
        weightGrams: 20,
        description: 'A small silver pendant.',
        options: [],
        variants: [],
        specifications: [],
      },
    });
    expect(screen.queryByText(/^Draft:/)).toBeNull();
  });

  it('uploads several pictures one after another with their progress, each added to be described', async () => {
    signInAs(admin);
    const send = answerBy((method) => [200, method === 'PUT' ? pendant : pendant]);
    renderInApp(<ProductForm productId={pendant._id} />);
    const chooser = await screen.findByLabelText('Upload pictures');
    expect(chooser.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(chooser.hasAttribute('multiple')).toBe(true);

    await userEvent.upload(chooser, [
      new File(['png bytes'], 'ring.png', { type: 'image/png' }),
      new File(['jpeg bytes'], 'ring-side.jpg', { type: 'image/jpeg' }),
    ]);
    const first = lastUpload();
    expect(first.url).toBe('/api/upload');
    expect(first.headers.Authorization).toBe(`Bearer ${admin.token}`);
    expect(first.body instanceof FormData && first.body.get('image')).toBeInstanceOf(File);
    expect(screen.getByText('Uploading picture 1 of 2…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update' }).hasAttribute('disabled')).toBe(true);
    first.progress(40, 100);
    expect(
      screen.getByRole<HTMLProgressElement>('progressbar', { name: 'Upload progress' }).value,
    ).toBe(40);
    first.respond(200, '/uploads/new-ring.webp');
    expect(await screen.findByText('Uploading picture 2 of 2…')).toBeTruthy();
    expect(lastUpload()).not.toBe(first);
    lastUpload().respond(200, '/uploads/new-ring-side.webp');

    expect(await screen.findByText('2 pictures uploaded: describe each below.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: 'Update' }).hasAttribute('disabled')).toBe(false);
    expect(valueOf('Alt text of picture 2')).toBe('');
    await fill('Alt text of picture 2', 'The ring from above');
    await fill('Alt text of picture 3', 'The ring from the side');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(putsOf(send)).toHaveLength(1));
    expect(putsOf(send)[0]?.body).toMatchObject({
      images: [
        { url: '/uploads/pendant.webp', alt: 'The silver pendant on its chain' },
        { url: '/uploads/new-ring.webp', alt: 'The ring from above' },
        { url: '/uploads/new-ring-side.webp', alt: 'The ring from the side' },
      ],
    });
  });

  it('puts the pictures in order by Move up and Move down, the focus staying with the picture moved', async () => {
    signInAs(admin);
    const three: AdminProduct = {
      ...pendant,
      images: [
        { url: '/uploads/front.webp', alt: 'Front' },
        { url: '/uploads/side.webp', alt: 'Side' },
        { url: '/uploads/back.webp', alt: 'Back' },
      ],
    };
    const send = answerBy(() => [200, three]);
    renderInApp(<ProductForm productId={three._id} />);
    expect(
      (await screen.findByRole('button', { name: 'Move picture 1 up' })).matches(':disabled'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Move picture 3 down' }).matches(':disabled')).toBe(
      true,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Move picture 3 up' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move picture 2 up' }));
    expect(screen.getByText('Picture 3 is now picture 2.')).toBeTruthy();
    await userEvent.keyboard('{Enter}');
    // At the top, Move up is off: the focus goes to Move down of the same picture.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move picture 1 down' }),
    );
    expect([1, 2, 3].map((n) => valueOf(`Alt text of picture ${n}`))).toEqual([
      'Back',
      'Front',
      'Side',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture 3' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Upload pictures'));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(putsOf(send)).toHaveLength(1));
    expect(putsOf(send)[0]?.body).toMatchObject({
      images: [
        { url: '/uploads/back.webp', alt: 'Back' },
        { url: '/uploads/front.webp', alt: 'Front' },
      ],
    });
  });

  it('says in words why the server refused a picture, and stops the progress', async () => {
    signInAs(admin);
    answerBy(() => [200, pendant]);
    renderInApp(<ProductForm productId={pendant._id} />);
    const chooser = await screen.findByLabelText('Upload pictures');
    await userEvent.upload(chooser, new File(['<html>'], 'fake.jpg', { type: 'image/jpeg' }));
    lastUpload().respond(
      415,
      JSON.stringify({
        message: 'Please upload a JPEG, PNG or WebP picture',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      }),
    );

    expect(await screen.findByText('Please upload a JPEG, PNG or WebP picture')).toBeTruthy();
    expect(chooser.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByLabelText('Alt text of picture 2')).toBeNull();
    expect(valueOf('Alt text of picture 1')).toBe('The silver pendant on its chain');
    expect(screen.getByRole('button', { name: 'Update' }).hasAttribute('disabled')).toBe(false);
  });

  it('refuses a picture over 5 MB without sending it', async () => {
    signInAs(admin);
    answerBy(() => [200, pendant]);
    renderInApp(<ProductForm productId={pendant._id} />);
    const chooser = await screen.findByLabelText('Upload pictures');
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await userEvent.upload(chooser, huge);
    expect(await screen.findByText('Pictures can be at most 5 MB')).toBeTruthy();
    expect(FakeXhr.last).toBeUndefined();
  });

  it('sells a product in sizes: options, combinations, their SKUs, prices and stock, and a specification', async () => {
    signInAs(admin);
    const send = answerBy((method) =>
      method === 'PUT'
        ? [
            200,
            {
              ...pendant,
              price: 45,
              countInStock: 6,
              options: [{ name: 'Size', values: ['S', 'M'] }],
              variants: [
                {
                  _id: 'v1',
                  options: { Size: 'S' },
                  sku: 'PEND-S',
                  price: 45,
                  countInStock: 2,
                  weightGrams: 0,
                },
                {
                  _id: 'v2',
                  options: { Size: 'M' },
                  sku: 'SP-M',
                  price: 50,
                  countInStock: 4,
                  weightGrams: 0,
                },
              ],
              specifications: [{ label: 'Metal', value: 'Sterling silver' }],
            },
          ]
        : [200, pendant],
    );
    renderInApp(<ProductForm productId={pendant._id} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add an option' }));
    const groupName = screen.getByLabelText('Option 1 name');
    expect(document.activeElement).toBe(groupName);
    const suggestions = document.getElementById(groupName.getAttribute('list') ?? '');
    expect(
      [...(suggestions?.querySelectorAll('option') ?? [])].map((option) => option.value),
    ).toEqual(['Size', 'Chain length', 'Ring size', 'Colour']);
    await fill('Option 1 name', 'Size');
    await fill('Option 1 values', ' S,, M ,');
    await userEvent.click(screen.getByRole('button', { name: 'Make the combinations' }));

    expect(screen.getByText('2 variants: 2 new, 0 removed.')).toBeTruthy();
    const table = screen.getByRole('table', {
      name: "Each variant's SKU, price, stock and weight",
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Variant', 'SKU', 'Price (£)', 'Stock', 'Weight (g)', 'Remove']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Size: S', 'Size: M']);
    // New rows start from the product's name and price, with nothing in stock.
    expect(valueOf('SKU of Size: S')).toBe('SP-S');
    expect(valueOf('SKU of Size: M')).toBe('SP-M');
    expect(valueOf('Price of Size: M')).toBe('45.00');
    expect(valueOf('Stock of Size: M')).toBe('0');
    // Blank: as the product, whose weight shows greyed in its place.
    expect(valueOf('Weight in grams of Size: M')).toBe('');
    expect(screen.getByLabelText('Weight in grams of Size: M').getAttribute('placeholder')).toBe(
      '20',
    );
    expect(screen.getByRole('button', { name: 'Remove Size: M' })).toBeTruthy();
    expect(
      screen.getByText(
        'Removing a variant stops it being sold. Orders that hold it keep their own copy.',
      ),
    ).toBeTruthy();

    await retype('SKU of Size: S', 'PEND-S');
    await retype('Price of Size: M', '50');
    await retype('Stock of Size: S', '2');
    await retype('Stock of Size: M', '4');
    await retype('Weight in grams of Size: M', '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('The weight cannot be negative')).toBeTruthy();
    expect(putsOf(send)).toEqual([]);
    await retype('Weight in grams of Size: M', '30');
    // The product's own price and stock now follow its variants.
    expect(screen.queryByLabelText('Price (£)')).toBeNull();
    expect(screen.queryByLabelText('Count in stock')).toBeNull();
    expect(valueOf('Price')).toBe('from £45.00');
    expect(valueOf('Stock')).toBe('6 in all');

    await userEvent.click(screen.getByRole('button', { name: 'Add a specification' }));
    await fill('Specification 1 label', 'Metal');
    await fill('Specification 1 value', 'Sterling silver');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Product saved')).toBeTruthy();
    expect(putsOf(send)).toEqual([
      {
        method: 'PUT',
        path: `/api/products/${pendant._id}`,
        body: {
          name: 'Silver Pendant',
          price: 45,
          images: [{ url: '/uploads/pendant.webp', alt: 'The silver pendant on its chain' }],
          brand: 'Larkspur',
          category: 'pendants',
          countInStock: 6,
          weightGrams: 20,
          description: 'A small silver pendant.',
          options: [{ name: 'Size', values: ['S', 'M'] }],
          variants: [
            {
              options: { Size: 'S' },
              sku: 'PEND-S',
              price: 45,
              countInStock: 2,
              weightGrams: 0,
              image: null,
            },
            {
              options: { Size: 'M' },
              sku: 'SP-M',
              price: 50,
              countInStock: 4,
              weightGrams: 30,
              image: null,
            },
          ],
          specifications: [{ label: 'Metal', value: 'Sterling silver' }],
        },
      },
    ]);
    // The saved variants come back with their ids, which the next save keeps.
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(putsOf(send)).toHaveLength(2));
    expect(putsOf(send)[1]?.body).toMatchObject({
      variants: [
        { _id: 'v1', sku: 'PEND-S' },
        { _id: 'v2', sku: 'SP-M' },
      ],
    });
  });

  it('keeps the ids of the variants it edits, adds new combinations and drops a removed row', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, tee]);
    renderInApp(<ProductForm productId={tee._id} />);
    expect(await screen.findByLabelText('SKU of Size: S')).toBeTruthy();
    expect(valueOf('Option 1 values')).toBe('S, M, L');
    expect(valueOf('Price')).toBe('from £20.00');
    expect(valueOf('Stock')).toBe('7 in all');
    expect(valueOf('Specification 1 value')).toBe('Silk');

    await userEvent.type(screen.getByLabelText('Option 1 values'), ', XL');
    const make = screen.getByRole('button', { name: 'Make the combinations' });
    await userEvent.click(make);
    expect(screen.getByText('4 variants: 1 new, 0 removed.')).toBeTruthy();
    expect(valueOf('SKU of Size: M')).toBe('BST-M');
    expect(valueOf('Price of Size: M')).toBe('22.00');
    expect(valueOf('SKU of Size: XL')).toBe('BST-XL');
    expect(valueOf('Price of Size: XL')).toBe('20.00');

    await userEvent.click(screen.getByRole('button', { name: 'Remove Size: M' }));
    expect(screen.queryByLabelText('SKU of Size: M')).toBeNull();
    expect(document.activeElement).toBe(make);
    expect(valueOf('Price')).toBe('from £20.00');
    expect(valueOf('Stock')).toBe('4 in all');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Product saved')).toBeTruthy();
    const [put] = putsOf(send);
    expect(put?.body).toEqual({
      name: 'Brushed Silk Tee',
      price: 20,
      images: [{ url: '/uploads/pendant.webp', alt: 'The silver pendant on its chain' }],
      brand: 'Larkspur',
      category: 't-shirts',
      countInStock: 4,
      weightGrams: 20,
      description: 'A small silver pendant.',
      options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
      variants: [
        {
          _id: 'v0000000000000000000001',
          options: { Size: 'S' },
          sku: 'BST-S',
          price: 20,
          countInStock: 0,
          weightGrams: 0,
          image: null,
        },
        {
          _id: 'v0000000000000000000003',
          options: { Size: 'L' },
          sku: 'BST-L',
          price: 24,
          countInStock: 4,
          weightGrams: 0,
          image: null,
        },
        {
          options: { Size: 'XL' },
          sku: 'BST-XL',
          price: 20,
          countInStock: 0,
          weightGrams: 0,
          image: null,
        },
      ],
      specifications: [{ label: 'Fabric', value: 'Silk' }],
    });
  });

  it("says what is wrong with the variants in the server's words, where it is, and sends nothing", async () => {
    signInAs(admin);
    const send = answerBy((method) =>
      method === 'PUT'
        ? [
            409,
            { message: 'One of those SKUs is already used by another product', code: 'SKU_TAKEN' },
          ]
        : [200, tee],
    );
    renderInApp(<ProductForm productId={tee._id} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add an option' }));
    await fill('Option 2 name', 'Colour');
    await fill('Option 2 values', 'Navy');
    const update = screen.getByRole('button', { name: 'Update' });

    // The rows were not made again, so they lack a colour.
    await userEvent.click(update);
    const problem = await screen.findByText('Variant 1 needs a colour');
    const firstSku = screen.getByLabelText('SKU of Size: S');
    expect(document.activeElement).toBe(firstSku);
    expect(firstSku.getAttribute('aria-describedby')?.split(' ')).toContain(problem.id);

    await userEvent.click(screen.getByRole('button', { name: 'Make the combinations' }));
    expect(screen.getByText('3 variants: 3 new, 3 removed.')).toBeTruthy();
    expect(screen.queryByText('Variant 1 needs a colour')).toBeNull();
    expect(valueOf('SKU of Size: S, Colour: Navy')).toBe('BST-S-NAVY');
    await retype('SKU of Size: M, Colour: Navy', 'bst-s-navy');
    await userEvent.click(update);
    const twice = await screen.findByText('The SKU bst-s-navy is used by two variants');
    const secondSku = screen.getByLabelText('SKU of Size: M, Colour: Navy');
    expect(secondSku.getAttribute('aria-invalid')).toBe('true');
    expect(secondSku.getAttribute('aria-describedby')).toContain(twice.parentElement?.id);
    expect(putsOf(send)).toEqual([]);

    // What only the server can know is said in the form's error box.
    await retype('SKU of Size: M, Colour: Navy', 'BST-M-NAVY');
    await userEvent.click(update);
    expect(
      within(await screen.findByRole('alert')).getByText(
        'One of those SKUs is already used by another product',
      ),
    ).toBeTruthy();
    expect(putsOf(send)).toHaveLength(1);
  });

  it('lets a variant show one of the pictures, and forgets it when that picture is removed', async () => {
    signInAs(admin);
    const pictured: AdminProduct = {
      ...tee,
      images: [
        { url: '/uploads/tee-front.webp', alt: 'The tee from the front' },
        { url: '/uploads/tee-navy.webp', alt: 'The tee in navy' },
      ],
    };
    const send = answerBy(() => [200, pictured]);
    renderInApp(<ProductForm productId={pictured._id} />);
    const choice = await screen.findByRole('combobox', { name: 'Picture for Size: L' });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'None of its own',
      'Picture 1: The tee from the front',
      'Picture 2: The tee in navy',
    ]);
    await userEvent.selectOptions(choice, '/uploads/tee-navy.webp');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(putsOf(send)).toHaveLength(1));
    expect(putsOf(send)[0]?.body).toMatchObject({
      variants: [{ image: null }, { image: null }, { image: '/uploads/tee-navy.webp' }],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove picture 2' }));
    // With one picture left there is nothing to choose between.
    expect(screen.queryByRole('combobox', { name: 'Picture for Size: L' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(putsOf(send)).toHaveLength(2));
    expect(putsOf(send)[1]?.body).toMatchObject({
      variants: [{ image: null }, { image: null }, { image: null }],
    });
  });

  it('asks for the combinations of new options before saving', async () => {
    signInAs(admin);
    const send = answerBy(() => [200, pendant]);
    renderInApp(<ProductForm productId={pendant._id} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add an option' }));
    await fill('Option 1 name', 'Chain length');
    await fill('Option 1 values', '40 cm, 40 cm');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('An option lists each value once')).toBeTruthy();

    await retype('Option 1 values', '40 cm, 45 cm');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('A product with options needs at least one variant to sell'),
    ).toBeTruthy();
    expect(putsOf(send)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Make the combinations' }));
    expect(valueOf('SKU of Chain length: 45 cm')).toBe('SP-45CM');
    await userEvent.click(screen.getByRole('button', { name: 'Add an option' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add an option' }));
    expect(screen.getByRole('button', { name: 'Add an option' }).hasAttribute('disabled')).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove option 3' }));
    expect(screen.getByRole('button', { name: 'Add an option' }).hasAttribute('disabled')).toBe(
      false,
    );
    expect(screen.getByRole('button', { name: 'Remove option 1: Chain length' })).toBeTruthy();
  });
});
