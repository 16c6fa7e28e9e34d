import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  ADDRESS_BOOK_LIMIT,
  addressOf,
  type SavedAddress,
} from '../../../shared/accounts/address-book';
import { shippingAddressBodySchema } from '../../../shared/accounts/addresses';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { useAddressBook, useChooseAddress, useSaveAddress } from '../../api/address-book';
import { useBasket } from '../../state/basket-store';
import { useSession } from '../../state/session-store';
import type { DeliveryAnswer } from '../../../shared/delivery/delivery';
import { useChosenDelivery } from '../../state/delivery-choice';
import { AddressFields } from '../../ui/AddressFields';
import { ChosenDeliveryPart } from '../../ui/ChosenDeliveryPart';
import { TextField } from '../../ui/FormField';
import { Button, textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { PageHeading } from '../../ui/PageHeading';
import { Skeleton } from '../../ui/Skeleton';
import { goodsLinesOf, holdsOnlyGiftCards } from '../../../shared/orders/basket';
import {
  addressFormStart,
  giftCardsBuyerSchema,
  collectAddressSchema,
  hasStreet,
  NEW_ADDRESS,
  shippingStart,
  useDeliveryAddress,
} from './address';
import { CheckoutSteps } from './CheckoutSteps';
import { SavedAddressChoice } from './SavedAddressChoice';

export const CHECK_STORED_ADDRESS =
  'Please check your delivery address: we now ask for a little more, such as who the parcel is for.';
export const SAVE_FOR_NEXT_TIME = 'Save this address for next time';
export const COLLECTOR_HINT = 'Whoever collects it says this name.';
export const COLLECT_PHONE_HINT =
  'We call or text this number when your order is ready to collect.';

function ShippingLoading() {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Loading your saved addresses…</span>
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

interface ShippingFormProps {
  /** The customer's saved addresses; empty for a guest, or when they could not be loaded. */
  book: readonly SavedAddress[];
  /** A signed-in customer may keep a new address in their book. */
  mayKeep: boolean;
}

/** The address choice, or the form for a new one, and the way on to payment. */
function ShippingForm({ book, mayKeep }: ShippingFormProps) {
  const navigate = useNavigate();
  const shopperName = useSession((state) => state.userInfo?.name);
  const stored = useBasket((state) => state.shippingAddress);
  const saveShippingAddress = useBasket((state) => state.saveShippingAddress);
  const usable = useDeliveryAddress();
  // Worked out once: the choice and the form keep what the shopper does from here on.
  // Who collected an earlier order (a name and phone, no street) is no address to send to: a
  // saved address is offered first, and nothing asks to check an address never sent to.
  const sendable = hasStreet(stored) ? stored : null;
  const [start] = useState(() =>
    shippingStart(book, book.length > 0 ? sendable : stored, shopperName),
  );
  const [choice, setChoice] = useState(start.choice);
  const [keep, setKeep] = useState(true);
  const saveAddress = useSaveAddress();
  const chooseAddress = useChooseAddress();
  const bookIsFull = book.length >= ADDRESS_BOOK_LIMIT;
  const typing = choice === NEW_ADDRESS;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(shippingAddressBodySchema),
    defaultValues: start.form.values,
  });

  const goOn = () => void navigate('/checkout/payment');

  const submitNew = handleSubmit(async (address) => {
    // Kept in the browser at once, as the checkout's next steps read it from there.
    saveShippingAddress(address);
    if (mayKeep && !bookIsFull && keep) {
      // Not saved: the shopper is told why beside the box, and may untick it to go on.
      const saved = await saveAddress.mutateAsync(address).catch(() => null);
      if (!saved) return;
    }
    goOn();
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    const chosen = book.find((entry) => entry._id === choice);
    if (!chosen) {
      void submitNew(event);
      return;
    }
    event.preventDefault();
    saveShippingAddress(addressOf(chosen));
    // Only the book's order depends on it: the shopper goes on whether or not it arrives.
    chooseAddress.mutate(chosen._id);
    goOn();
  };

  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={submit}>
      {book.length > 0 && <SavedAddressChoice book={book} choice={choice} onChoose={setChoice} />}
      {typing && sendable !== null && usable === null && (
        <p role="status" className="rounded-shop bg-accent-soft px-4 py-3">
          {CHECK_STORED_ADDRESS}
        </p>
      )}
      {typing && (
        <AddressFields
          register={register}
          errors={errors}
          countryProblem={start.form.countryProblem}
        />
      )}
      {typing && mayKeep && !bookIsFull && (
        <label className="flex min-h-11 items-center gap-3">
          <input
            type="checkbox"
            className="size-5 accent-accent"
            checked={keep}
            onChange={(event) => setKeep(event.target.checked)}
          />
          {SAVE_FOR_NEXT_TIME}
        </label>
      )}
      {typing && mayKeep && bookIsFull && (
        <p className="text-sm text-muted">
          {`Your address book is full (${ADDRESS_BOOK_LIMIT} addresses), so this one will not be saved. `}
          <Link to="/account/profile" className={textLinkClass}>
            Remove an address from your account
          </Link>{' '}
          to make room.
        </p>
      )}
      {typing && keep && saveAddress.isError && (
        <ErrorBox error={saveAddress.error} title="Your address could not be saved" />
      )}
      <Button type="submit" disabled={isSubmitting}>
        Continue
      </Button>
    </form>
  );
}

/** The collection point and what to do there, as the owner words it. */
function CollectionPoint({ collection }: { collection: DeliveryAnswer['collection'] }) {
  if (!collection) return null;
  return (
    <section aria-labelledby="collect-from-heading" className="rounded-shop bg-sand px-4 py-3">
      <h2 id="collect-from-heading" className="text-base font-medium">
        Collect from
      </h2>
      <p className="whitespace-pre-line wrap-anywhere">{collection.address}</p>
      {collection.instructions && (
        <p className="mt-2 text-sm whitespace-pre-line text-muted wrap-anywhere">
          {collection.instructions}
        </p>
      )}
    </section>
  );
}

/** For a collection: who collects it and a number to call when it is ready; no street. */
function CollectForm({ collection }: { collection: DeliveryAnswer['collection'] }) {
  const navigate = useNavigate();
  const shopperName = useSession((state) => state.userInfo?.name);
  const stored = useBasket((state) => state.shippingAddress);
  const saveShippingAddress = useBasket((state) => state.saveShippingAddress);
  const [start] = useState(() => addressFormStart(stored, shopperName).values);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(collectAddressSchema),
    defaultValues: { name: start.name, phone: start.phone },
  });
  const submit = handleSubmit((collector) => {
    // The street kept from an earlier order stays, for when the next one is sent.
    saveShippingAddress({ ...stored, ...collector });
    void navigate('/checkout/payment');
  });
  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
      <CollectionPoint collection={collection} />
      <TextField
        label="Your name"
        hint={COLLECTOR_HINT}
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Phone"
        type="tel"
        hint={COLLECT_PHONE_HINT}
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <Button type="submit" disabled={isSubmitting}>
        Continue
      </Button>
    </form>
  );
}

export const GIFT_CARDS_BUYER_HINT =
  'For your receipt, and so that each recipient knows who their gift card is from.';

/**
 * For gift cards alone: nothing is sent, so only the buyer's name is asked (a guest gave their
 * email before), and no delivery service.
 */
function GiftCardsBuyerForm() {
  const navigate = useNavigate();
  const shopperName = useSession((state) => state.userInfo?.name);
  const guestName = useBasket((state) => state.guestName);
  const stored = useBasket((state) => state.shippingAddress);
  const saveShippingAddress = useBasket((state) => state.saveShippingAddress);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(giftCardsBuyerSchema),
    defaultValues: { name: stored?.name ?? shopperName ?? guestName ?? '' },
  });
  const submit = handleSubmit((buyer) => {
    // A street kept from an earlier order stays, for when the next one is sent.
    saveShippingAddress({ ...stored, ...buyer });
    void navigate('/checkout/payment');
  });
  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
      <TextField
        label="Your name"
        hint={GIFT_CARDS_BUYER_HINT}
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <Button type="submit" disabled={isSubmitting}>
        Continue
      </Button>
    </form>
  );
}

/**
 * How the order goes and where (UK only): the delivery services the basket may use, then a saved
 * address or a new one, kept in the browser too; for a collection, only who collects it.
 */
export function ShippingPage() {
  const cardsOnly = useBasket((state) => holdsOnlyGiftCards(state.basketItems));
  if (cardsOnly) {
    return (
      <div className="mx-auto max-w-md">
        <title>{`Shipping | ${SHOP_NAME}`}</title>
        <CheckoutSteps current="shipping" />
        <PageHeading lead="Gift cards are sent by email: there is no address to give.">
          Your details
        </PageHeading>
        <GiftCardsBuyerForm />
      </div>
    );
  }
  return <GoodsShipping />;
}

/** The shipping step for goods: only they are sent, gift cards beside them going by email. */
function GoodsShipping() {
  const signedIn = useSession((state) => state.userInfo !== null);
  const book = useAddressBook();
  const items = useBasket((state) => state.basketItems);
  const delivery = useChosenDelivery(goodsLinesOf(items));
  const collect = delivery.chosen?.collect ?? false;
  return (
    <div className="mx-auto max-w-md">
      <title>{`Shipping | ${SHOP_NAME}`}</title>
      <CheckoutSteps current="shipping" />
      <PageHeading
        lead={collect ? 'Who is collecting your order?' : 'Where should we send your order?'}
      >
        Shipping
      </PageHeading>
      <div className="flex flex-col gap-8">
        <ChosenDeliveryPart delivery={delivery} detailed />
        {delivery.answer.isPending || (signedIn && !collect && book.isPending) ? (
          <ShippingLoading />
        ) : collect ? (
          <CollectForm collection={delivery.answer.data?.collection ?? null} />
        ) : (
          <ShippingForm book={(signedIn && book.data) || []} mayKeep={signedIn} />
        )}
      </div>
    </div>
  );
}
