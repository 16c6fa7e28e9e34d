import { useParams } from 'react-router';
import type { Promotion, PromotionState } from '../../../shared/promotions/promotions';
import { formatLongDate } from '../../../shared/dates';
import { offerWords } from '../../../shared/promotions/offers';
import { useAdminPromotions, useDeletePromotion } from '../../api/admin-promotions';
import { usePanels, type PanelRequest } from '../../state/panel-store';
import { pageFromParam } from '../../ui/Pagination';
import { AdminListPage, AdminPagination } from '../../back-office/admin-list-page';
import { AdminTable, cell, RowActions } from '../../back-office/admin-table';
import { useConfirmedDelete, type ConfirmedDelete } from '../../back-office/confirmed-delete';
import { PageActionButton } from '../../back-office/page-actions';
import { promotionWhere, STATE_WORDS } from './promotion-words';

const HEADINGS = ['Name', 'Takes off', 'Applies to', 'Dates', 'State'] as const;

/** What a promotion is, said where there are none yet. */
export const NO_PROMOTIONS =
  'There are no promotions yet. A promotion is an offer every shopper gets without a code, such ' +
  'as 10% off scarves this weekend or free delivery over £40; when a shopper also types a code, ' +
  'they get whichever saves more unless the code combines.';

const LEAD = 'Offers every shopper gets without a code, from one day to another.';

/** Asked before a promotion is deleted, naming it. */
export const deleteQuestion = (name: string) =>
  `Delete the promotion ${name}? Orders keep what it took off.`;

const STATE_LOOK: Record<PromotionState, string> = {
  scheduled: 'bg-accent-soft text-ink',
  live: 'bg-success/10 text-success',
  ended: 'bg-sand text-muted',
};

function StateBadge({ state }: { state: PromotionState }) {
  return (
    <span
      className={`inline-block rounded-shop px-2 py-0.5 text-xs font-medium ${STATE_LOOK[state]}`}
    >
      {STATE_WORDS[state]}
    </span>
  );
}

const promotionPanel = (promotionId: string): PanelRequest => ({
  kind: 'editPromotion',
  promotionId,
});

function PromotionRow({
  promotion,
  deletion,
}: {
  promotion: Promotion;
  deletion: ConfirmedDelete;
}) {
  return (
    <tr>
      <td className={`${cell} wrap-anywhere`}>{promotion.name}</td>
      <td className={cell}>{offerWords(promotion)}</td>
      <td className={`${cell} text-sm`}>{promotionWhere(promotion)}</td>
      <td className={`${cell} text-sm`}>
        <time dateTime={promotion.starts}>{formatLongDate(promotion.starts)}</time>
        {' to '}
        <time dateTime={promotion.ends}>{formatLongDate(promotion.ends)}</time>
      </td>
      <td className={cell}>
        <StateBadge state={promotion.state} />
      </td>
      <RowActions
        id={promotion._id}
        what={`promotion ${promotion.name}`}
        panelFor={promotionPanel}
        deletion={deletion}
      />
    </tr>
  );
}

function PromotionsTable({ promotions }: { promotions: readonly Promotion[] }) {
  const nameOf = (id: string) => promotions.find((each) => each._id === id)?.name ?? '';
  const deletion = useConfirmedDelete(
    useDeletePromotion(),
    (id) => deleteQuestion(nameOf(id)),
    promotionPanel,
  );
  return (
    <AdminTable
      label="Promotions"
      minWidth="min-w-[52rem]"
      headings={HEADINGS}
      actions="Actions"
      error={deletion.error}
    >
      {promotions.map((promotion) => (
        <PromotionRow key={promotion._id} promotion={promotion} deletion={deletion} />
      ))}
    </AdminTable>
  );
}

/** `/admin/promotions`: the shop's automatic promotions, made, edited and deleted here. */
export function PromotionListPage() {
  const page = pageFromParam(useParams().pageNumber);
  const query = useAdminPromotions(page);
  const openPanel = usePanels((state) => state.open);
  return (
    <AdminListPage
      heading="Promotions"
      page={page}
      lead={LEAD}
      action={
        // Opens an empty form: no promotion is made until the owner saves a valid one.
        <PageActionButton
          busy={false}
          error={null}
          onClick={() => openPanel({ kind: 'newPromotion' })}
        >
          Create Promotion
        </PageActionButton>
      }
      query={query}
      itemsOf={(data) => data.promotions}
      loading="Loading promotions…"
      empty={page === 1 ? NO_PROMOTIONS : 'There are no promotions on this page.'}
      footer={<AdminPagination of={query.data} label="Promotion pages" path="/admin/promotions" />}
    >
      {(promotions) => <PromotionsTable promotions={promotions} />}
    </AdminListPage>
  );
}
