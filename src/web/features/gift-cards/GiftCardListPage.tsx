import { giftCardLastDay, type AdminGiftCard } from '../../../shared/gift-cards/gift-cards';
import { useAdminGiftCards } from '../../api/admin-gift-cards';
import { usePanels } from '../../state/panel-store';
import { Price } from '../../ui/Price';
import { AdminListPage } from '../../back-office/admin-list-page';
import { AdminTable, cell, rowButton } from '../../back-office/admin-table';
import { ListPages, ListSearch, useListSearch } from '../../back-office/list-search';
import { cardName, dayWords, StatusBadge } from './gift-card-words';

const PATH = '/admin/gift-cards';
const HEADINGS = [
  'Card',
  'Recipient',
  'Buyer',
  'Amount',
  'Balance',
  'Expires',
  'Send on',
  'Status',
] as const;

/** What gift cards are, said where there are none yet. */
export const NO_GIFT_CARDS =
  'There are no gift cards yet. A gift card is a code with a balance that a shopper buys for ' +
  'someone else, mailed to them on the day the shopper chooses, and spent on any order. They ' +
  'are sold as products in the Gift cards category, and each appears here once its order is ' +
  'paid for.';

const LEAD =
  'The cards shoppers bought: open one to see its history, send its mail again or void it.';

function Person({ person }: { person: { name: string; email: string } }) {
  return (
    <>
      <span className="block wrap-anywhere">{person.name}</span>
      <span className="block text-sm wrap-anywhere text-muted">{person.email}</span>
    </>
  );
}

function GiftCardRow({ card }: { card: AdminGiftCard }) {
  const openPanel = usePanels((state) => state.open);
  return (
    <tr>
      <td className={`${cell} whitespace-nowrap`}>
        <button
          type="button"
          className={`${rowButton} -mx-3 font-mono underline`}
          aria-label={`Open the gift card ending ${card.last4}`}
          onClick={() => openPanel({ kind: 'giftCard', giftCardId: card._id })}
        >
          {cardName(card.last4)}
        </button>
      </td>
      <td className={cell}>
        <Person person={card.recipient} />
      </td>
      <td className={cell}>
        <Person person={card.buyer} />
      </td>
      <td className={cell}>
        <Price pounds={card.amount} />
      </td>
      <td className={cell}>
        <Price pounds={card.balance} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={card.expires}>{giftCardLastDay(card.expires)}</time>
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <time dateTime={card.sendOn}>{dayWords(card.sendOn)}</time>
      </td>
      <td className={cell}>
        <StatusBadge status={card.status} />
      </td>
    </tr>
  );
}

/**
 * `/admin/gift-cards`: the cards sold, newest first, found by last 4, a name or an email (the
 * words kept in the address); each opens in the side panel with its history and actions.
 */
export function GiftCardListPage() {
  const { q, page } = useListSearch();
  const query = useAdminGiftCards(q, page);
  return (
    <AdminListPage
      heading="Gift cards"
      page={page}
      lead={LEAD}
      query={query}
      itemsOf={(data) => data.giftCards}
      loading="Loading gift cards…"
      empty={
        q !== ''
          ? `No gift card matches “${q}”.`
          : page === 1
            ? NO_GIFT_CARDS
            : 'There are no gift cards on this page.'
      }
      footer={<ListPages of={query.data} path={PATH} q={q} label="Gift card pages" />}
      search={
        <ListSearch
          path={PATH}
          q={q}
          label="Find a gift card"
          hint="The last 4 characters of its code, or a buyer’s or recipient’s name or email."
        />
      }
    >
      {(cards) => (
        <AdminTable label="Gift cards" minWidth="min-w-[60rem]" headings={HEADINGS}>
          {cards.map((card) => (
            <GiftCardRow key={card._id} card={card} />
          ))}
        </AdminTable>
      )}
    </AdminListPage>
  );
}
