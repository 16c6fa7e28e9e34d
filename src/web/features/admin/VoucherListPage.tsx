import { useParams } from 'react-router';
import type { AdminVoucher } from '../../../shared/admin';
import { formatLongDate } from '../../../shared/dates';
import { SHOP_NAME } from '../../../shared/shop';
import { useAdminVouchers, useCreateVoucher, useDeleteVoucher } from '../../api/admin-vouchers';
import { usePanels } from '../../state/panel-store';
import { showToast } from '../../state/toast-store';
import { Button } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { PageHeading } from '../../ui/PageHeading';
import { pageFromParam, Pagination } from '../../ui/Pagination';
import { Price } from '../../ui/Price';
import { ScrollRegion } from '../../ui/ScrollRegion';
import { cell, DraftBadge, headCell, rowButton, TableLoading } from './admin-table';

export const CONFIRM_DELETE_VOUCHER = 'Are you sure you want to delete the voucher';

const HEADINGS = ['Code', 'Name', 'Discount', 'Expires'] as const;

interface VoucherRowProps {
  voucher: AdminVoucher;
  /** When the list was loaded: a voucher whose expiry is before it is marked expired. */
  loadedAt: number;
  deleting: boolean;
  onDelete: (voucher: AdminVoucher) => void;
}

function VoucherRow({ voucher, loadedAt, deleting, onDelete }: VoucherRowProps) {
  const openPanel = usePanels((state) => state.open);
  const what = voucher.code ? `voucher ${voucher.code}` : `draft voucher ${voucher._id}`;
  const expired = Date.parse(voucher.expires) < loadedAt;
  return (
    <tr>
      <td className={`${cell} font-mono break-all`}>
        {voucher.code || <span className="font-sans text-muted">No code yet</span>}
        {voucher.status === 'draft' && <DraftBadge />}
      </td>
      <td className={`${cell} break-words`}>{voucher.name}</td>
      <td className={cell}>
        <Price pounds={voucher.discount} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={voucher.expires}>{formatLongDate(voucher.expires)}</time>
        {expired && (
          <span className="ml-2 inline-block rounded-shop bg-error/10 px-2 py-0.5 text-xs font-medium text-error">
            Expired
          </span>
        )}
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <button
          type="button"
          className={rowButton}
          aria-label={`Edit ${what}`}
          onClick={() => openPanel({ kind: 'editVoucher', voucherId: voucher._id })}
        >
          Edit
        </button>
        <button
          type="button"
          className={`${rowButton} text-error`}
          disabled={deleting}
          aria-label={`Delete ${what}`}
          onClick={() => onDelete(voucher)}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}

function VouchersTable({
  vouchers,
  loadedAt,
}: {
  vouchers: readonly AdminVoucher[];
  loadedAt: number;
}) {
  const remove = useDeleteVoucher();
  const onDelete = (voucher: AdminVoucher) => {
    if (!window.confirm(CONFIRM_DELETE_VOUCHER)) return;
    remove.mutate(voucher._id, {
      onSuccess: ({ message }) => {
        const { panel, close } = usePanels.getState();
        if (panel?.kind === 'editVoucher' && panel.voucherId === voucher._id) close();
        showToast(message);
      },
    });
  };
  return (
    <>
      {remove.isError && (
        <div className="mb-4">
          <ErrorBox error={remove.error} />
        </div>
      )}
      <ScrollRegion label="Vouchers">
        <table className="w-full min-w-[44rem] border-collapse">
          <thead className="border-b border-line">
            <tr>
              {HEADINGS.map((heading) => (
                <th key={heading} scope="col" className={headCell}>
                  {heading}
                </th>
              ))}
              <th scope="col" className={headCell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {vouchers.map((voucher) => (
              <VoucherRow
                key={voucher._id}
                voucher={voucher}
                loadedAt={loadedAt}
                deleting={remove.isPending && remove.variables === voucher._id}
                onDelete={onDelete}
              />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

function CreateVoucherButton() {
  const create = useCreateVoucher();
  const openPanel = usePanels((state) => state.open);
  return (
    <div className="flex flex-col items-end gap-3">
      <Button
        disabled={create.isPending}
        onClick={() =>
          create.mutate(undefined, {
            onSuccess: (voucher) => openPanel({ kind: 'editVoucher', voucherId: voucher._id }),
          })
        }
      >
        Create Voucher
      </Button>
      {create.isError && <ErrorBox error={create.error} />}
    </div>
  );
}

/** The shop's discount vouchers, drafts included: created, edited and deleted here. */
export function VoucherListPage() {
  const page = pageFromParam(useParams().pageNumber);
  const { data, isPending, error, dataUpdatedAt } = useAdminVouchers(page);
  return (
    <>
      <title>
        {page === 1 ? `Vouchers | ${SHOP_NAME}` : `Vouchers, page ${page} | ${SHOP_NAME}`}
      </title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeading>Vouchers</PageHeading>
        <CreateVoucherButton />
      </div>
      {isPending ? (
        <TableLoading label="Loading vouchers…" />
      ) : error ? (
        <ErrorBox error={error} />
      ) : data.vouchers.length === 0 ? (
        <p className="text-muted">
          {page === 1 ? 'There are no vouchers yet.' : 'There are no vouchers on this page.'}
        </p>
      ) : (
        <VouchersTable vouchers={data.vouchers} loadedAt={dataUpdatedAt} />
      )}
      {data && (
        <Pagination
          page={data.page}
          pages={data.pages}
          label="Voucher pages"
          hrefFor={(number) => `/admin/voucherlist/${number}`}
        />
      )}
    </>
  );
}
