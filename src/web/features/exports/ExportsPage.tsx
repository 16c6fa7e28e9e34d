import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import {
  ordersExportQuerySchema,
  ordersFileName,
  PRODUCTS_FILE_NAME,
} from '../../../shared/exports/exports';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { downloadOrdersCsv, downloadProductsCsv } from '../../api/exports';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { TextField } from '../../ui/FormField';
import { PageHeading } from '../../ui/PageHeading';
import { PriceListImport } from './PriceListImport';
import { saveFile } from '../../back-office/save-file';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex max-w-4xl flex-col gap-4">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

const read = (form: HTMLFormElement, name: string) => {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** The orders paid on the days chosen, a row per line, for the accountant. */
function OrdersDownload() {
  const [problem, setProblem] = useState<string>();
  const download = useMutation({
    mutationFn: downloadOrdersCsv,
    onSuccess: (file, range) => saveFile(file, ordersFileName(range)),
  });
  return (
    <Section title="Orders for the accountant">
      <p className="max-w-prose text-muted">
        A row for each line of the orders paid on those days (UK days, both included): product, SKU,
        variant, quantity and prices, with each order’s shipping, discount, total, VAT and refunds.
        Leave a date empty to start at the first order, or to end today.
      </p>
      <form
        noValidate
        className="grid items-start gap-4 sm:grid-cols-[repeat(2,minmax(10rem,14rem))_max-content]"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const range = ordersExportQuerySchema.safeParse({
            from: read(form, 'from'),
            to: read(form, 'to'),
          });
          setProblem(range.success ? undefined : range.error.issues[0]?.message);
          if (range.success) download.mutate(range.data);
        }}
      >
        <TextField label="From" name="from" type="date" />
        <TextField label="To" name="to" type="date" error={problem} />
        <Button type="submit" variant="secondary" className="sm:mt-7" disabled={download.isPending}>
          Download orders
        </Button>
      </form>
      {download.error && <ErrorBox error={download.error} />}
    </Section>
  );
}

/** Every product and variant with its price and stock, for a stock-take or a price list. */
function ProductsDownload() {
  const download = useMutation({
    mutationFn: downloadProductsCsv,
    onSuccess: (file) => saveFile(file, PRODUCTS_FILE_NAME),
  });
  return (
    <Section title="Products and stock">
      <p className="max-w-prose text-muted">
        A row for each variant, or for each product sold one way, with its SKU, options, price and
        stock, and the stock again as it was downloaded: for a stock-take, or to change prices and
        stock in a spreadsheet and import them below.
      </p>
      <div>
        <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
          Download products
        </Button>
      </div>
      {download.error && <ErrorBox error={download.error} />}
    </Section>
  );
}

/** The owner's files: orders for the accountant, products for a stock-take, a price list back. */
export function ExportsPage() {
  return (
    <>
      <title>{`Exports | ${SHOP_NAME}`}</title>
      <PageHeading lead="Files to download as CSV, which any spreadsheet opens, and prices and stock loaded back from one.">
        Exports
      </PageHeading>
      <div className="flex flex-col gap-12">
        <OrdersDownload />
        <ProductsDownload />
        <PriceListImport />
      </div>
    </>
  );
}
