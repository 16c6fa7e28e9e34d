import { formatPounds } from '../../../shared/money';
import { GIFT_MESSAGE_MAX_LENGTH } from '../../../shared/orders/checkout';
import { usePaymentConfig } from '../../api/payments';
import { TextArea } from '../../ui/FormField';

/** A gift as the shopper is choosing it; undefined: not a gift. */
export type GiftChoice = { message: string; wrap: boolean } | undefined;

const checkbox = 'size-5 accent-accent';

/**
 * "This is a gift": a message printed on the packing slip, shown as it will be printed, and gift
 * wrap at the shop's price when it offers any. A gift's parcel goes out without prices.
 */
export function GiftOptions({
  gift,
  onChange,
}: {
  gift: GiftChoice;
  onChange: (gift: GiftChoice) => void;
}) {
  const config = usePaymentConfig();
  const wrapPrice = config.data?.giftWrapPrice ?? 0;
  const left = GIFT_MESSAGE_MAX_LENGTH - (gift?.message.length ?? 0);
  return (
    <section aria-labelledby="order-gift-heading" className="flex flex-col gap-4">
      <h2 id="order-gift-heading" className="text-xl">
        Gift
      </h2>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className={checkbox}
          checked={gift !== undefined}
          onChange={(event) =>
            onChange(event.target.checked ? { message: '', wrap: false } : undefined)
          }
        />
        This is a gift: send it without prices
      </label>
      {gift && (
        <div className="flex flex-col gap-4 border-l-2 border-line pl-4">
          <TextArea
            label="Gift message (optional)"
            hint={`Printed on the packing slip, line breaks and all. ${String(left)} ${left === 1 ? 'character' : 'characters'} left.`}
            maxLength={GIFT_MESSAGE_MAX_LENGTH}
            rows={4}
            value={gift.message}
            onChange={(event) => onChange({ ...gift, message: event.target.value })}
          />
          {gift.message.trim() && (
            <figure className="flex flex-col gap-2">
              <figcaption className="text-sm text-muted">As it will be printed:</figcaption>
              <blockquote className="rounded-shop border border-line bg-surface px-5 py-4 font-serif text-lg whitespace-pre-line wrap-anywhere">
                {gift.message.trim()}
              </blockquote>
            </figure>
          )}
          {wrapPrice > 0 && (
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                className={checkbox}
                checked={gift.wrap}
                onChange={(event) => onChange({ ...gift, wrap: event.target.checked })}
              />
              {`Gift wrap it (${formatPounds(wrapPrice)})`}
            </label>
          )}
        </div>
      )}
    </section>
  );
}
