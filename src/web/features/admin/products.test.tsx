import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { AdminProduct } from '../../../shared/admin';
import { usePanels } from '../../state/panel-store';
import { useToast } from '../../state/toast-store';
import { answerBy, ann, callsOf, resetStores, signInAs } from '../../support/testing';
import { ProductForm } from './ProductForm';
import { ProductListPage } from './ProductListPage';

const admin = { ...ann, _id: 'admin0000000000000000000', name: 'Shop Admin', isAdmin: true };

const draft: AdminProduct = {
  _id: 'p0000000000000000000001',
  name: '',
  brand: '',
  image: '',
  price: 0,
  description: '',
  category: 'accessories',
  countInStock: 0,
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
  price: 45,
  description: 'A small silver pendant.',
  category: 'pendants',
  countInStock: 3,
  status: 'live',
};

const page = (products: AdminProduct[], pages = 1) => ({ products, page: 1, pages });

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

  it('creates a draft and opens it in the edit panel', async () => {
    signInAs(admin);
    const send = answerBy((method) => (method === 'POST' ? [201, draft] : [200, page([])]));
    renderInApp(<ProductListPage />);
    expect(await screen.findByText('There are no products yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await vi.waitFor(() =>
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
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete the product');
    expect(callsOf(send).some(({ method }) => method === 'DELETE')).toBe(false);

    await userEvent.click(remove);
    await vi.waitFor(() =>
      expect(callsOf(send)).toContainEqual(
        expect.objectContaining({ method: 'DELETE', path: `/api/products/${pendant._id}` }),
      ),
    );
    await vi.waitFor(() => expect(useToast.getState().message).toBe('Product removed'));
    // The list is asked for again once the product is gone.
    await vi.waitFor(() =>
      expect(callsOf(send).filter(({ method }) => method === 'GET')).toHaveLength(2),
    );
  });
});

describe('the product form', () => {
  beforeEach(() => {
    resetStores();
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:chosen-picture');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
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

    await userEvent.type(price, 'ten pounds');
    await userEvent.type(screen.getByLabelText('Count in stock'), '2.5');
    await userEvent.click(update);
    expect(screen.getByText('The price must be a number')).toBeTruthy();
    expect(screen.getByText('The stock must be a whole number')).toBeTruthy();
    expect(callsOf(send).some(({ method }) => method === 'PUT')).toBe(false);

    await userEvent.clear(price);
    await userEvent.type(price, '45');
    await userEvent.clear(screen.getByLabelText('Count in stock'));
    await userEvent.type(screen.getByLabelText('Count in stock'), '3');
    await userEvent.type(screen.getByLabelText('Name'), 'Silver Pendant');
    await userEvent.type(screen.getByLabelText('Image'), '/uploads/pendant.webp');
    await userEvent.type(screen.getByLabelText('Brand'), 'Larkspur');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'pendants');
    await userEvent.type(screen.getByLabelText('Description'), 'A small silver pendant.');
    await userEvent.click(update);

    expect(await screen.findByText('Product saved')).toBeTruthy();
    expect(callsOf(send).find(({ method }) => method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/api/products/${draft._id}`,
      body: {
        name: 'Silver Pendant',
        price: 45,
        image: '/uploads/pendant.webp',
        brand: 'Larkspur',
        category: 'pendants',
        countInStock: 3,
        description: 'A small silver pendant.',
      },
    });
    expect(screen.queryByText(/^Draft:/)).toBeNull();
  });

  it('uploads a picture with its progress and puts its address in the image field', async () => {
    signInAs(admin);
    answerBy(() => [200, pendant]);
    renderInApp(<ProductForm productId={pendant._id} />);
    const chooser = await screen.findByLabelText('Upload a picture');
    expect(chooser.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    const preview = screen.getByRole('img', { name: 'Preview of what shoppers will see' });
    expect(preview.getAttribute('src')).toBe('/uploads/pendant.sm.webp');
    expect(preview.getAttribute('width')).toBe('160');

    await userEvent.upload(chooser, new File(['png bytes'], 'ring.png', { type: 'image/png' }));
    const upload = lastUpload();
    expect(upload.url).toBe('/api/upload');
    expect(upload.headers.Authorization).toBe(`Bearer ${admin.token}`);
    expect(upload.body instanceof FormData && upload.body.get('image')).toBeInstanceOf(File);
    expect(screen.getByRole('img', { name: /Preview/ }).getAttribute('src')).toBe(
      'blob:chosen-picture',
    );
    expect(screen.getByRole('button', { name: 'Update' }).hasAttribute('disabled')).toBe(true);

    upload.progress(40, 100);
    expect(
      screen.getByRole<HTMLProgressElement>('progressbar', { name: 'Upload progress' }).value,
    ).toBe(40);

    upload.respond(200, '/uploads/new-ring.webp');
    expect(await screen.findByText('Picture uploaded')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Image').value).toBe('/uploads/new-ring.webp');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('img', { name: /Preview/ }).getAttribute('src')).toBe(
      '/uploads/new-ring.sm.webp',
    );
    expect(screen.getByRole('button', { name: 'Update' }).hasAttribute('disabled')).toBe(false);
  });

  it('says in words why the server refused a picture, and stops the progress', async () => {
    signInAs(admin);
    answerBy(() => [200, pendant]);
    renderInApp(<ProductForm productId={pendant._id} />);
    const chooser = await screen.findByLabelText('Upload a picture');
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
    expect(screen.getByLabelText<HTMLInputElement>('Image').value).toBe('/uploads/pendant.webp');
    expect(screen.getByRole('button', { name: 'Update' }).hasAttribute('disabled')).toBe(false);
  });

  it('refuses a picture over 5 MB without sending it', async () => {
    signInAs(admin);
    answerBy(() => [200, pendant]);
    renderInApp(<ProductForm productId={pendant._id} />);
    const chooser = await screen.findByLabelText('Upload a picture');
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await userEvent.upload(chooser, huge);
    expect(await screen.findByText('Pictures can be at most 5 MB')).toBeTruthy();
    expect(FakeXhr.last).toBeUndefined();
  });
});
