import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../tests/support/render';
import type { AdminProduct } from '../../../shared/catalog/catalog-admin';
import { answerBy, signInAs } from '../../support/testing';
import { ProductForm } from './ProductForm';
import {
  admin,
  pendant,
  tee,
  putsOf,
  fill,
  retype,
  valueOf,
  holdUploads,
} from './product-test-kit';

describe('the product form, sold in sizes', () => {
  holdUploads();

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
                  compareAtPrice: null,
                  countInStock: 2,
                  weightGrams: 0,
                },
                {
                  _id: 'v2',
                  options: { Size: 'M' },
                  sku: 'SP-M',
                  price: 50,
                  compareAtPrice: null,
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
      name: "Each variant's SKU, price, was price, stock and weight",
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Variant', 'SKU', 'Price (£)', 'Was (£)', 'Stock', 'Weight (g)', 'Remove']);
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
          madeToOrder: null,
          preorder: null,
          compareAtPrice: null,
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
              compareAtPrice: null,
              countInStock: 2,
              weightGrams: 0,
              image: null,
            },
            {
              options: { Size: 'M' },
              sku: 'SP-M',
              price: 50,
              compareAtPrice: null,
              countInStock: 4,
              weightGrams: 30,
              image: null,
            },
          ],
          specifications: [{ label: 'Metal', value: 'Sterling silver' }],
          facets: { metal: null, stone: null, colour: null, material: null },
          personalisation: null,
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
      madeToOrder: null,
      preorder: null,
      compareAtPrice: null,
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
          compareAtPrice: null,
          countInStock: 0,
          weightGrams: 0,
          image: null,
        },
        {
          _id: 'v0000000000000000000003',
          options: { Size: 'L' },
          sku: 'BST-L',
          price: 24,
          compareAtPrice: null,
          countInStock: 4,
          weightGrams: 0,
          image: null,
        },
        {
          options: { Size: 'XL' },
          sku: 'BST-XL',
          price: 20,
          compareAtPrice: null,
          countInStock: 0,
          weightGrams: 0,
          image: null,
        },
      ],
      specifications: [{ label: 'Fabric', value: 'Silk' }],
      facets: { metal: null, stone: null, colour: null, material: null },
      personalisation: null,
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
