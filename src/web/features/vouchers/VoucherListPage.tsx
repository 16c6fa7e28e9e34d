import { useParams } from 'react-router';
import type { AdminVoucher } from '../../../shared/vouchers/vouchers';
import { formatLongDate } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import { offerWords } from '../../../shared/promotions/offers';
import { useAdminVouchers, useDeleteVoucher } from '../../api/admin-vouchers';
import { usePanels, type PanelRequest } from '../../state/panel-store';
import { pageFromParam } from '../../ui/Pagination';
import { AdminListPage, AdminPagination } from '../../back-office/admin-list-page';
import { AdminTable, cell, DraftBadge, RowActions } from '../../back-office/admin-table';
import { useConfirmedDelete, type ConfirmedDelete } from '../../back-office/confirmed-delete';
import { PageActionButton } from '../../back-office/page-actions';
import { appliesToWords, servicesWords, WHOLE_ORDER } from '../../back-office/offer-inputs';

export const CONFIRM_DELETE_VOUCHER = 'Are you sure you want to delete the voucher';

const HEADINGS = ['Code', 'Name', 'Discount', 'Rules', 'Expires'] as const;

/** A voucher's rules in a few words each, as the list shows them. */
export function voucherRules(voucher: AdminVoucher): string[] {
  const rules: string[] = [];
  if (voucher.starts !== null) rules.push(`From ${formatLongDate(voucher.starts)}`);
  const where = appliesToWords(voucher.appliesTo);
  if (where !== WHOLE_ORDER) rules.push(`On ${where}`);
  if (voucher.services.length > 0) rules.push(servicesWords(voucher.services));
  if (voucher.minSpend !== null) rules.push(`Spend ${formatPounds(voucher.minSpend)} or more`);
  if (voucher.maxUses !== null) {
    rules.push(`${voucher.maxUses} ${voucher.maxUses === 1 ? 'order' : 'orders'} in all`);
  }
  if (voucher.oncePerCustomer) rules.push('Once per customer');
  if (voucher.stacks) rules.push('Combines with promotions');
  return rules;
}

function VoucherRules({ voucher }: { voucher: AdminVoucher }) {
  const rules = voucherRules(voucher);
  if (rules.length === 0) return <span className="text-muted">None</span>;
  return (
    <ul className="text-sm">
      {rules.map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ul>
  );
}

const voucherPanel = (voucherId: string): PanelRequest => ({ kind: 'editVoucher', voucherId });

interface VoucherRowProps {
  voucher: AdminVoucher;
  /** When the list was loaded: a voucher whose expiry is before it is marked expired. */
  loadedAt: number;
  deletion: ConfirmedDelete;
}

function VoucherRow({ voucher, loadedAt, deletion }: VoucherRowProps) {
  const expired = Date.parse(voucher.expires) < loadedAt;
  return (
    <tr>
      <td className={`${cell} font-mono break-all`}>
        {voucher.code || <span className="font-sans text-muted">No code yet</span>}
        {voucher.status === 'draft' && <DraftBadge />}
      </td>
      <td className={`${cell} wrap-anywhere`}>{voucher.name}</td>
      <td className={cell}>{offerWords(voucher)}</td>
      <td className={cell}>
        <VoucherRules voucher={voucher} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={voucher.expires}>{formatLongDate(voucher.expires)}</time>
        {expired && (
          <span className="ml-2 inline-block rounded-shop bg-error/10 px-2 py-0.5 text-xs font-medium text-error">
            Expired
          </span>
        )}
      </td>
      <RowActions
        id={voucher._id}
        what={voucher.code ? `voucher ${voucher.code}` : `draft voucher ${voucher._id}`}
        panelFor={voucherPanel}
        deletion={deletion}
      />
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
  const deletion = useConfirmedDelete(useDeleteVoucher(), CONFIRM_DELETE_VOUCHER, voucherPanel);
  return (
    <AdminTable
      label="Vouchers"
      minWidth="min-w-[52rem]"
      headings={HEADINGS}
      actions="Actions"
      error={deletion.error}
    >
      {vouchers.map((voucher) => (
        <VoucherRow key={voucher._id} voucher={voucher} loadedAt={loadedAt} deletion={deletion} />
      ))}
    </AdminTable>
  );
}

/** The shop's discount vouchers, drafts included: created, edited and deleted here. */
export function VoucherListPage() {
  const page = pageFromParam(useParams().pageNumber);
  const query = useAdminVouchers(page);
  const openPanel = usePanels((state) => state.open);
  return (
    <AdminListPage
      heading="Vouchers"
      page={page}
      action={
        // Opens an empty form: no voucher is made until the owner saves a valid one.
        <PageActionButton
          busy={false}
          error={null}
          onClick={() => openPanel({ kind: 'newVoucher' })}
        >
          Create Voucher
        </PageActionButton>
      }
      query={query}
      itemsOf={(data) => data.vouchers}
      loading="Loading vouchers…"
      empty={page === 1 ? 'There are no vouchers yet.' : 'There are no vouchers on this page.'}
      footer={<AdminPagination of={query.data} label="Voucher pages" path="/admin/voucherlist" />}
    >
      {(vouchers) => <VouchersTable vouchers={vouchers} loadedAt={query.dataUpdatedAt} />}
    </AdminListPage>
  );
}
