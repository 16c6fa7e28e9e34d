import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, inject, it } from 'vitest';
import { CLICK_AND_DROP_COLUMNS } from '../../src/shared/orders/click-and-drop';
import { ukDay } from '../../src/shared/uk-time';
import { expectAccessible, paidOrder, signIn, useBrowser } from './support';

type CsvRecord = Record<string, string>;

describe('the owner and Royal Mail Click & Drop', () => {
  const browser = useBrowser();

  it('exports the paid orders for Click & Drop, imports the tracking numbers it gives back after a dry run, and the order shows dispatched with its tracking', async () => {
    const { page } = browser;
    const order = await paidOrder('Morwenna Trelawny', 'TR18 4QX');
    const admin = inject('admin');
    await page.goto('/account/login?redirect=/admin/orderlist');
    await signIn(page, admin.email, admin.password);
    await page.waitForURL(/\/admin\/orderlist/);
    await page.getByRole('link', { name: `Details of order ${order.orderNumber}` }).waitFor();

    // Every paid order, in Click & Drop's own columns, the one just paid among them.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export paid orders for Click & Drop' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`click-and-drop-${ukDay(new Date())}.csv`);
    const text = await readFile(await download.path(), 'utf8');
    const [header] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header?.split(',')).toEqual([...CLICK_AND_DROP_COLUMNS]);
    const rows = parse<CsvRecord>(text, { bom: true, columns: true });
    expect(rows.find((row) => row['Order reference'] === order.orderNumber)).toMatchObject({
      'First name': 'Morwenna',
      'Last name': 'Trelawny',
      'Address line 1': '4 Harbour Row',
      City: 'Penzance',
      Postcode: 'TR18 4QX',
      Country: 'United Kingdom',
      'Currency code': 'GBP',
      Total: order.totalPrice.toFixed(2),
    });

    // Click & Drop's despatched orders come back with the parcel's number.
    const despatched = path.join(tmpdir(), `despatched-${order.orderNumber}.csv`);
    await writeFile(
      despatched,
      [
        'Order reference,Tracking number,Service,Despatch date',
        `${order.orderNumber},TT 123 456 785 GB,Royal Mail Tracked 48,${ukDay(new Date()).split('-').reverse().join('/')}`,
      ].join('\r\n'),
    );
    const open = page.getByRole('button', { name: 'Import tracking from Click & Drop' });
    await open.click();
    const section = page.getByRole('region', { name: 'Import tracking from Click & Drop' });
    await section.getByLabel('Despatched orders (CSV)').setInputFiles(despatched);
    await section.getByRole('button', { name: 'Check the file' }).click();
    await section
      .getByText(
        'It will dispatch 1 order with Royal Mail and its tracking number, and mail its customer:',
      )
      .waitFor();
    await section
      .getByRole('list', { name: 'Orders to dispatch' })
      .getByText(order.orderNumber)
      .waitFor();
    await expectAccessible(page);

    // Nothing went out on the check: the order still waits.
    await page
      .getByRole('row')
      .filter({ hasText: order.orderNumber })
      .getByRole('cell', { name: 'Paid, not dispatched yet', exact: true })
      .waitFor();
    await section.getByRole('button', { name: 'Dispatch 1 order' }).click();
    await section
      .getByText(
        'Dispatched 1 order with Royal Mail and its tracking number; its customer has been mailed:',
      )
      .waitFor();
    await expectAccessible(page);

    await page.getByRole('link', { name: `Details of order ${order.orderNumber}` }).click();
    await page.waitForURL(new RegExp(`/admin/order/${order._id}`));
    await page.getByText('Status: Dispatched').waitFor();
    await page.getByText('TT123456785GB', { exact: true }).waitFor();
    await expectAccessible(page);
  });
});
