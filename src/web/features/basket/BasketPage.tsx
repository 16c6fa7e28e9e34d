import { unitsOnSale } from '../../../shared/catalog/made-for-you';
import { ukToday } from '../../../shared/uk-time';
import { useQueryClient } from '@tanstack/react-query';
import { basketItemFrom } from '../../../shared/orders/basket';
import { GIFT_CARD_CATEGORY } from '../../../shared/gift-cards/gift-cards';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useBasket } from '../../state/basket-store';
import { showToast } from '../../state/toast-store';
import { ErrorBox } from '../../ui/ErrorBox';
import { addedMessage } from '../../ui/messages';
import { PageHeading } from '../../ui/PageHeading';
import { productQuery } from '../../api/products';
import { BasketLines } from './BasketLines';
import { BasketSummary } from './BasketSummary';

/** `/basket/:id?qty=n` adds that product first, then shows the basket at `/basket`. */
function useAddFromAddress(): unknown {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const add = useBasket((state) => state.add);
  const [error, setError] = useState<unknown>(null);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!id || handled.current === id) return;
    handled.current = id;
    const qty = Math.max(1, Math.floor(Number(searchParams.get('qty')) || 1));
    queryClient
      .query(productQuery(id))
      .then((product) => {
        // A gift card needs its recipient and day: its page asks for them.
        if (product.category === GIFT_CARD_CATEGORY) {
          void navigate(`/product/${product._id}`, { replace: true });
          return;
        }
        if (unitsOnSale(product, undefined, ukToday()) > 0) {
          showToast(addedMessage(add(basketItemFrom(product, qty))));
        }
        void navigate('/basket', { replace: true });
      })
      .catch(setError);
  }, [id, searchParams, queryClient, add, navigate]);
  return error;
}

export function BasketPage() {
  const items = useBasket((state) => state.basketItems);
  const error = useAddFromAddress();
  return (
    <>
      <title>Basket | Larkspur</title>
      <PageHeading>Your basket</PageHeading>
      {error !== null && <ErrorBox error={error} />}
      {items.length === 0 ? (
        <div className="py-6">
          <p className="text-muted">Basket is empty</p>
          <Link to="/" className="mt-4 inline-block text-accent underline underline-offset-4">
            Continue shopping
          </Link>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-10 md:grid-cols-[minmax(0,1fr)_320px]">
          <BasketLines items={items} />
          <aside aria-label="Basket summary" className="h-fit rounded-shop bg-sand p-6">
            <BasketSummary items={items} />
          </aside>
        </div>
      )}
    </>
  );
}
