import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { restoreKeptBasket } from '../../api/kept-basket';
import { queryKeys } from '../../api/query-keys';
import { showToast } from '../../state/toast-store';
import { MailLinkPage } from '../../ui/MailLinkPage';
import { TOAST } from '../../ui/messages';

const incomplete = () =>
  new ApiError(
    'That basket link is not complete: please open it from the email again',
    400,
    'BAD_REQUEST',
  );

/**
 * A basket reminder's link: the basket it names joins this browser's, at today's prices and
 * stock, whichever device opens it and whether or not anyone is signed in; then the basket page.
 */
export function BasketRestorePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const restored = useQuery({
    queryKey: queryKeys.basketRestore(token),
    queryFn: () => restoreKeptBasket(token),
    enabled: token !== '',
    // Once a visit: the basket is joined once, however often the page is drawn.
    staleTime: Infinity,
    retry: false,
  });
  const back = restored.isSuccess;
  useEffect(() => {
    if (!back) return;
    showToast(TOAST.basketRestored);
    void navigate('/basket', { replace: true });
  }, [back, navigate]);
  return (
    <MailLinkPage
      title="Your basket"
      heading="Your basket"
      working="Bringing your basket back…"
      result={{
        isPending: token !== '' && restored.isPending,
        error: token === '' ? incomplete() : restored.error,
        data: { message: TOAST.basketRestored },
      }}
    />
  );
}
