import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInApp } from '../../../../tests/support/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminProduct } from '../../../shared/catalog/catalog-admin';
import { answerBy, callsOf, resetStores, signInAs } from '../../support/testing';
import { moonstone, owner, silkTee, staff } from '../../back-office/admin-fixtures';
import { ProductForm } from './ProductForm';

const putsOf = (send: ReturnType<typeof answerBy>) =>
  callsOf(send).filter(({ method }) => method === 'PUT');

/** Answers every call with the product: loading it, and saving it. */
const answerProduct = (product: AdminProduct) => answerBy(() => [200, product]);

async function retype(label: string, text: string) {
  await userEvent.clear(screen.getByLabelText(label));
  await userEvent.type(screen.getByLabelText(label), text);
}

const isReadOnly = (label: string) => screen.getByLabelText(label).hasAttribute('readonly');

describe('the product editor for staff', () => {
  beforeEach(resetStores);
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows every field, lets staff change only the stock, and sends nothing else changed', async () => {
    signInAs(staff);
    const send = answerProduct(silkTee);
    renderInApp(<ProductForm productId={silkTee._id} />);
    expect(
      await screen.findByText(
        'Staff change stock only: the other fields are shown as they are, for the owner to change.',
      ),
    ).toBeTruthy();
    for (const label of ['Name', 'Brand', 'Weight (g)', 'Category', 'Description']) {
      expect(isReadOnly(label)).toBe(true);
    }
    expect(screen.getByLabelText<HTMLInputElement>('Category').value).toBe('T shirts');
    expect(screen.getByLabelText('Upload pictures').matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Alt text of picture 1').matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Option 1 name').matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Add a specification' }).matches(':disabled')).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Make the combinations' }).matches(':disabled')).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Remove Size: S' }).matches(':disabled')).toBe(true);
    expect(isReadOnly('SKU of Size: S')).toBe(true);
    expect(isReadOnly('Price of Size: S')).toBe(true);
    expect(isReadOnly('Weight in grams of Size: M')).toBe(true);
    expect(isReadOnly('Stock of Size: S')).toBe(false);
    for (const facet of ['Metal', 'Stone', 'Colour', 'Material']) {
      expect(screen.getByRole('combobox', { name: facet }).matches(':disabled')).toBe(true);
    }

    await retype('Stock of Size: S', '6');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(putsOf(send)).toHaveLength(1));
    expect(putsOf(send)[0]?.body).toEqual({
      name: 'Brushed Silk Tee',
      price: 20,
      madeToOrder: null,
      preorder: null,
      compareAtPrice: null,
      image: silkTee.image,
      images: silkTee.images,
      brand: 'Larkspur',
      category: 't-shirts',
      countInStock: 10,
      weightGrams: 180,
      description: silkTee.description,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        {
          _id: 'v-s',
          options: { Size: 'S' },
          sku: 'BST-S',
          price: 20,
          compareAtPrice: null,
          countInStock: 6,
          weightGrams: 0,
          image: null,
        },
        {
          _id: 'v-m',
          options: { Size: 'M' },
          sku: 'BST-M',
          price: 22,
          compareAtPrice: null,
          countInStock: 4,
          weightGrams: 200,
          image: null,
        },
      ],
      specifications: [{ label: 'Fabric', value: 'Silk' }],
      facets: { metal: null, stone: null, colour: null, material: null },
      personalisation: null,
    });
  });

  it('lets staff change the stock of a product without options', async () => {
    signInAs(staff);
    const send = answerProduct(moonstone);
    renderInApp(<ProductForm productId={moonstone._id} />);
    await screen.findByLabelText('Count in stock');
    expect(isReadOnly('Price (£)')).toBe(true);
    expect(isReadOnly('Was (£)')).toBe(true);
    await retype('Count in stock', '12');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(putsOf(send)).toHaveLength(1));
    expect(putsOf(send)[0]?.body).toMatchObject({ name: 'Moonstone Locket', countInStock: 12 });
  });

  it('leaves every field to the owner', async () => {
    signInAs(owner);
    answerProduct(silkTee);
    renderInApp(<ProductForm productId={silkTee._id} />);
    expect(await screen.findByLabelText('SKU of Size: S')).toBeTruthy();
    expect(screen.queryByText(/^Staff change stock only/)).toBeNull();
    for (const label of [
      'Name',
      'Alt text of picture 1',
      'Brand',
      'SKU of Size: S',
      'Price of Size: S',
      'Was price for Size: S',
    ]) {
      expect(isReadOnly(label)).toBe(false);
    }
    expect(screen.getByRole('combobox', { name: 'Category' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Size: S' }).matches(':disabled')).toBe(false);
  });
});

describe('the variants table', () => {
  beforeEach(resetStores);
  afterEach(() => vi.unstubAllGlobals());

  it('keeps each variant’s stock in a labelled region, named where the headings are hidden', async () => {
    signInAs(owner);
    answerProduct(silkTee);
    renderInApp(<ProductForm productId={silkTee._id} />);
    const region = await screen.findByRole('region', { name: 'Variants' });
    const table = within(region).getByRole('table', {
      name: "Each variant's SKU, price, was price, stock and weight",
    });
    // Where the variants stack (a side panel, a phone) each cell says what it holds.
    const stockCell = within(table).getByLabelText('Stock of Size: M').closest('td');
    expect(stockCell?.querySelector('[aria-hidden="true"]')?.textContent).toBe('Stock');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Variant', 'SKU', 'Price (£)', 'Was (£)', 'Stock', 'Weight (g)', 'Remove']);
  });
});
