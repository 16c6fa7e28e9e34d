import { Link, useParams } from 'react-router';
import { SHOP_NAME } from '../../../shared/shop';
import { useUnsubscribe } from '../../api/subscribers';
import { textLinkClass } from '../../ui/Button';
import { ErrorBox } from '../../ui/ErrorBox';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';

/** The unsubscribe link of a newsletter mail: it works on arrival, with no sign-in. */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const { data, isPending, error } = useUnsubscribe(token);
  return (
    <div className="mx-auto max-w-md">
      <title>{`Unsubscribe | ${SHOP_NAME}`}</title>
      <PageHeading>Newsletter</PageHeading>
      <div className="flex flex-col gap-6">
        {isPending ? (
          <Spinner label="Unsubscribing you…" />
        ) : error ? (
          <ErrorBox error={error} />
        ) : (
          <p role="status" className="rounded-shop bg-success/10 px-4 py-3 text-success">
            {data.message}
          </p>
        )}
        <p>
          <Link to="/" className={textLinkClass}>
            Back to the shop
          </Link>
        </p>
      </div>
    </div>
  );
}
