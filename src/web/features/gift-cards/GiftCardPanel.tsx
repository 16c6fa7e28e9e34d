import type { ReactNode } from 'react';
import { giftCardLastDay, type AdminGiftCardDetail } from '../../../shared/gift-cards/gift-cards';
import { useAdminGiftCard } from '../../api/admin-gift-cards';
import { ErrorBox } from '../../ui/ErrorBox';
import { Price } from '../../ui/Price';
import { Skeleton } from '../../ui/Skeleton';
import { GiftCardActions } from './GiftCardActions';
import { GiftCardHistory, OrderLink } from './GiftCardHistory';
import { cardName, dayWords, StatusBadge, When } from './gift-card-words';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col sm:contents">
      <dt className="text-sm text-muted sm:py-1 sm:text-base">{label}</dt>
      <dd className="wrap-anywhere sm:py-1">{children}</dd>
    </div>
  );
}

function Person({ person }: { person: { name: string; email: string } }) {
  return (
    <>
      <span className="block">{person.name}</span>
      <span className="block text-sm text-muted">{person.email}</span>
    </>
  );
}

/** When its mail goes, went, or is due: the day chosen, and the moment once it was queued. */
function Mail({ card }: { card: AdminGiftCardDetail }) {
  return (
    <>
      <time dateTime={card.sendOn}>{dayWords(card.sendOn)}</time>
      {card.mailedAt !== null && (
        <span className="block text-sm text-muted">
          Mail queued for <When at={card.mailedAt} />
        </span>
      )}
    </>
  );
}

function GiftCardFacts({ card }: { card: AdminGiftCardDetail }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-[auto_1fr] sm:gap-x-6 sm:gap-y-0">
      <Fact label="Balance">
        <Price pounds={card.balance} /> <span className="text-muted">of</span>{' '}
        <Price pounds={card.amount} />
      </Fact>
      <Fact label="Expires">
        <time dateTime={card.expires}>{giftCardLastDay(card.expires)}</time>
      </Fact>
      <Fact label="Recipient">
        <Person person={card.recipient} />
      </Fact>
      <Fact label="Buyer">
        <Person person={card.buyer} />
      </Fact>
      <Fact label="Send on">
        <Mail card={card} />
      </Fact>
      {card.order !== null && (
        <Fact label="Bought with order">
          <OrderLink number={card.order} />
        </Fact>
      )}
      {card.message !== '' && (
        <Fact label="Message">
          <span className="whitespace-pre-line">{card.message}</span>
        </Fact>
      )}
    </dl>
  );
}

function GiftCard({ card }: { card: AdminGiftCardDetail }) {
  return (
    <div className="flex flex-col gap-6">
      <p className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-lg">{cardName(card.last4)}</span>
        <StatusBadge status={card.status} />
      </p>
      <GiftCardFacts card={card} />
      <GiftCardActions card={card} />
      <GiftCardHistory history={card.history} />
    </div>
  );
}

/** One gift card in the side panel: what it holds, who it is from and for, its actions and history. */
export function GiftCardPanel({ giftCardId }: { giftCardId: string }) {
  const query = useAdminGiftCard(giftCardId);
  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <span className="sr-only">Loading the gift card…</span>
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-11 w-1/2" />
      </div>
    );
  }
  if (query.error) return <ErrorBox error={query.error} />;
  return <GiftCard card={query.data} />;
}
