import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import type { Product, VariantOptions } from '../../../../../shared/catalog/catalog';
import { variantFor } from '../../../../../shared/catalog/variants';
import {
  GIFT_CARD_LEAST_PENCE,
  GIFT_CARD_MESSAGE_MAX_LENGTH,
  GIFT_CARD_MOST_PENCE,
  lastSendOn,
} from '../../../../../shared/gift-cards/gift-cards';
import { formatPence } from '../../../../../shared/money';
import { ukDay } from '../../../../../shared/uk-time';
import { useBasket } from '../../../../state/basket-store';
import { useMinuteClock } from '../../../../state/minute-clock';
import { showToast } from '../../../../state/toast-store';
import { Button } from '../../../../ui/Button';
import { TextArea, TextField } from '../../../../ui/FormField';
import { addedMessage } from '../../../../ui/messages';
import { Price } from '../../../../ui/Price';
import { VariantPicker } from '../VariantPicker';
import { giftCardItem } from './gift-card-item';
import {
  blankGiftCardForm,
  giftCardFormSchema,
  isOwnAmount,
  type GiftCardForm,
  type GiftCardFormValues,
} from './gift-card-form';
import { OwnAmountField } from './OwnAmountField';

interface GiftCardPurchaseProps {
  product: Product;
  /** The amount the address names (`?variant=`), if any. */
  variantId: string | undefined;
  onVariantChange: (variantId: string | undefined) => void;
  onAdded?: () => void;
  priceClassName?: string;
}

/** Whether pounds typed make an amount a card can be for, to show it as the price. */
const amountInBounds = (pounds: number) =>
  pounds * 100 >= GIFT_CARD_LEAST_PENCE && pounds * 100 <= GIFT_CARD_MOST_PENCE;

/** A card has no stock: every amount can always be had. */
const alwaysAvailable = (product: Product) =>
  product.variants.map((variant) => ({
    ...variant,
    countInStock: Math.max(1, variant.countInStock),
  }));

/**
 * A gift card's amount, who it is for, a message and the day it is sent, then Add To Basket: each
 * card is a line of its own, and the form is cleared for the next one.
 */
export function GiftCardPurchase({
  product,
  variantId,
  onVariantChange,
  onAdded,
  priceClassName = 'text-2xl',
}: GiftCardPurchaseProps) {
  const variants = alwaysAvailable(product);
  const first = variants.find((variant) => variant._id === variantId) ?? variants[0];
  const [chosen, setChosen] = useState<VariantOptions>(() => first?.options ?? {});
  const variant = variantFor(product.options, variants, chosen);
  const ownAmount = isOwnAmount(variant);
  const add = useBasket((state) => state.add);
  const now = useMinuteClock() ?? new Date();
  const today = ukDay(now);

  // The rule follows the amount chosen: a named amount is asked for only with its option.
  const resolver: Resolver<GiftCardFormValues, unknown, GiftCardForm> = (
    values,
    context,
    options,
  ) => zodResolver(giftCardFormSchema(ownAmount))(values, context, options);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<GiftCardFormValues, unknown, GiftCardForm>({
    resolver,
    defaultValues: blankGiftCardForm(today),
  });
  const typedAmount = Number(useWatch({ control, name: 'amount' }).replace(/^£/, ''));
  const message = useWatch({ control, name: 'message' }) ?? '';

  function choose(group: string, value: string) {
    const next = { ...chosen, [group]: value };
    setChosen(next);
    onVariantChange(variantFor(product.options, variants, next)?._id);
  }

  const submit = handleSubmit((card) => {
    if (!variant) return;
    showToast(addedMessage(add(giftCardItem(product, variant, card))));
    reset({ ...blankGiftCardForm(today), amount: '', sendOn: card.sendOn });
    onAdded?.();
  });

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
      <p>
        {ownAmount && !amountInBounds(typedAmount) ? (
          <span className={`font-serif ${priceClassName}`}>
            {`${formatPence(GIFT_CARD_LEAST_PENCE)} to ${formatPence(GIFT_CARD_MOST_PENCE)}`}
          </span>
        ) : (
          <Price
            pounds={ownAmount ? typedAmount : (variant?.price ?? 0)}
            className={priceClassName}
          />
        )}
      </p>
      <VariantPicker
        groups={product.options}
        variants={variants}
        chosen={chosen}
        onChoose={choose}
      />
      {ownAmount && <OwnAmountField error={errors.amount?.message} {...register('amount')} />}
      <TextField
        label="Recipient's name"
        autoComplete="off"
        error={errors.recipientName?.message}
        {...register('recipientName')}
      />
      <TextField
        label="Recipient's email"
        type="email"
        autoComplete="off"
        hint="We email the gift card to them, with your message."
        error={errors.recipientEmail?.message}
        {...register('recipientEmail')}
      />
      <TextArea
        label="Message (optional)"
        maxLength={GIFT_CARD_MESSAGE_MAX_LENGTH}
        hint={`${String(GIFT_CARD_MESSAGE_MAX_LENGTH - message.length)} characters left`}
        error={errors.message?.message}
        {...register('message')}
      />
      <TextField
        label="Send on"
        type="date"
        min={today}
        max={lastSendOn(now)}
        hint="Sent at 8am UK time on that day, or at once if that time has passed. Up to a year ahead."
        error={errors.sendOn?.message}
        {...register('sendOn')}
      />
      <div>
        <Button type="submit" className="w-full sm:w-auto">
          Add To Basket
        </Button>
      </div>
    </form>
  );
}
