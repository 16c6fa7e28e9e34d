import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { AdminProduct } from '../../../shared/catalog/catalog-admin';
import { usePanels } from '../../state/panel-store';
import { useToast } from '../../state/toast-store';
import { answerBy, callsOf, resetStores, signInAs } from '../../support/testing';
import { ProductForm } from './ProductForm';
import { ProductListPage } from './ProductListPage';
import {
  admin,
  draft,
  pendant,
  tee,
  page,
  putsOf,
  fill,
  retype,
  valueOf,
  FakeXhr,
  holdUploads,
  lastUpload,
} from './product-test-kit';

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
          compareAtPrice: null,
          countInStock: 0,
          weightGrams: 0,
        },
        {
          _id: 'v5',
          options: { 'Chain length': '45 cm', Colour: 'Gold' },
          sku: 'CC-45',
          price: 30,
          compareAtPrice: null,
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
  holdUploads();

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
        compareAtPrice: null,
        images: [{ url: '/uploads/pendant.webp', alt: 'The silver pendant on its chain' }],
        brand: 'Larkspur',
        category: 'pendants',
        countInStock: 3,
        weightGrams: 20,
        madeToOrder: null,
        preorder: null,
        description: 'A small silver pendant.',
        options: [],
        variants: [],
        specifications: [],
        facets: { metal: null, stone: null, colour: null, material: null },
        personalisation: null,
      },
    });
    expect(screen.queryByText(/^Draft:/)).toBeNull();
  });

  it('offers each facet from the shop’s list or None, and sends what is picked, None as null', async () => {
    signInAs(admin);
    const silver = {
      ...pendant,
      facets: { metal: 'sterling silver', stone: null, colour: 'silver', material: null },
    };
    const send = answerBy(() => [200, silver]);
    renderInApp(<ProductForm productId={silver._id} />);
    const section = await screen.findByRole('group', { name: 'Filters shoppers use' });
    const metal = within(section).getByRole('combobox', { name: 'Metal' });
    expect(
      within(metal).getByRole<HTMLOptionElement>('option', { name: 'Sterling silver' }).selected,
    ).toBe(true);
    expect(valueOf('Stone')).toBe('');
    expect(
      within(within(section).getByRole('combobox', { name: 'Metal' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'None',
      'Sterling silver',
      '9ct gold',
      '18ct gold',
      'Gold vermeil',
      'Rose gold vermeil',
      'Gold filled',
    ]);
    expect(
      within(within(section).getByRole('combobox', { name: 'Material' })).getByRole('option', {
        name: 'Organic cotton',
      }),
    ).toBeTruthy();

    await userEvent.selectOptions(metal, 'Rose gold vermeil');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stone' }), 'Moonstone');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'None');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Product saved')).toBeTruthy();
    expect(putsOf(send)[0]?.body).toMatchObject({
      name: 'Silver Pendant',
      facets: { metal: 'rose gold vermeil', stone: 'moonstone', colour: null, material: null },
    });
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
});
