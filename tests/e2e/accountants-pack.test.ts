import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, inject, it } from 'vitest';
import { formatPence, poundsToPence } from '../../src/shared/money';
import {
  catalogue,
  expectAccessible,
  paidOrder,
  setPriceAsAdmin,
  signIn,
  soldOneWay,
  useBrowser,
} from './support';

type CsvRecord = Record<string, string>;

const readCsv = async (file: string) =>
  parse<CsvRecord>(await readFile(file, 'utf8'), { bom: true, columns: true });

const penceOf = (cell: string | undefined) => poundsToPence(Number(cell));

describe('the owner and the accountant', () => {
  const browser = useBrowser();

  it('reads the VAT return by quarter, follows box 1 to its orders, keeps the VAT record that adds up to it, and loads a changed price back from the products file', async () => {
    const { page } = browser;
    // A sale of this quarter, so that its return has something in it.
    await paidOrder('Tamsin Vosper', 'TR18 4QX');
    const product = (await catalogue()).find(soldOneWay);
    if (!product) throw new Error('no product sold one way in the demo catalogue');
    const admin = inject('admin');
    await page.goto('/account/login?redirect=/admin');
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/admin$/);

    // The quarter running now, then the one before, then back.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'VAT' })
      .click();
    await page.getByRole('heading', { name: 'VAT return', exact: true }).waitFor();
    const boxes = page.getByRole('list', { name: 'The boxes of the VAT return' });
    await boxes.waitFor();
    await expectAccessible(page);
    const quarter = page.getByRole('combobox', { name: 'Quarter' });
    const now = await quarter.inputValue();
    const before = await quarter.locator('option').nth(1).getAttribute('value');
    await quarter.selectOption(before ?? '');
    await page.waitForURL(new RegExp(`quarter=${before ?? ''}`));
    await page.getByText(/^From \d+ \w+ \d{4} to/).waitFor();
    await quarter.selectOption(now);
    await page.waitForURL(new RegExp(`quarter=${now}`));

    // The VAT record, whose VAT column adds up to box 1 as the page says it.
    const boxOne = boxes.getByRole('listitem').filter({ hasText: 'Box 1:' });
    // The quarter shown until the one chosen answers had no sales; this one has.
    const salesBehind = boxOne.getByRole('link', { name: /^[1-9]\d* sales?$/ });
    await salesBehind.waitFor();
    const [record] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the VAT record (CSV)' }).click(),
    ]);
    expect(record.suggestedFilename()).toBe(`vat-record-${now}.csv`);
    const rows = await readCsv(await record.path());
    const sales = rows.filter((row) => row.type === 'sale');
    expect(sales.length).toBeGreaterThan(0);
    const vat = rows.reduce((sum, row) => sum + penceOf(row.vat), 0);
    await boxOne.getByText(formatPence(vat), { exact: true }).waitFor();

    // The orders behind box 1: the sales of the quarter, one order each.
    await salesBehind.click();
    await page.waitForURL(/\/admin\/orderlist\?.*from=/);
    await page
      .getByText(sales.length === 1 ? '1 order found' : `${sales.length} orders found`)
      .waitFor();

    // The products file, one price changed as in a spreadsheet, checked, then applied.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Exports' })
      .click();
    await page.getByRole('heading', { name: 'Exports', exact: true }).waitFor();
    await expectAccessible(page);
    const [products] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download products' }).click(),
    ]);
    const list = await readCsv(await products.path());
    const row = list.find((candidate) => candidate.product === product._id);
    expect(row?.price).toBe(product.price.toFixed(2));
    const newPrice = (product.price + 1.5).toFixed(2);
    if (row) row.price = newPrice;
    const changed = path.join(tmpdir(), `price-list-${String(Date.now())}.csv`);
    await writeFile(changed, stringify(list, { header: true, bom: true }));
    try {
      await page.getByLabel('Price list (CSV)').setInputFiles(changed);
      await page.getByRole('button', { name: 'Check the file' }).click();
      const changes = page.getByRole('region', { name: 'Changes' }).getByRole('table');
      await changes.getByRole('row').filter({ hasText: newPrice }).waitFor();
      expect(await changes.getByRole('row').count()).toBe(2);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Apply 1 change' }).click();
      await page.getByText(/^Applied 1 change/).waitFor();

      await page.goto(`/product/${product._id}`);
      await page.getByRole('main').getByText(`£${newPrice}`).first().waitFor();
    } finally {
      await setPriceAsAdmin(product._id, product.price);
    }
  });
});
