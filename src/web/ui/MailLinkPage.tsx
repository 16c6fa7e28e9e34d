import { Link } from 'react-router';
import { SHOP_NAME } from '../../shared/settings/shop';
import { textLinkClass } from './Button';
import { ErrorBox } from './ErrorBox';
import { PageHeading } from './PageHeading';
import { Spinner } from './Spinner';

interface MailLinkPageProps {
  title: string;
  heading: string;
  /** What the spinner says while the link's call is made. */
  working: string;
  result: { data?: { message: string } | undefined; isPending: boolean; error: unknown };
}

/** A page a link in a mail opens: it acts on arrival, with no sign-in, and says what it did. */
export function MailLinkPage({ title, heading, working, result }: MailLinkPageProps) {
  return (
    <div className="mx-auto max-w-md">
      <title>{`${title} | ${SHOP_NAME}`}</title>
      <PageHeading>{heading}</PageHeading>
      <div className="flex flex-col gap-6">
        {result.isPending ? (
          <Spinner label={working} />
        ) : result.error ? (
          <ErrorBox error={result.error} />
        ) : (
          <p role="status" className="rounded-shop bg-success/10 px-4 py-3 text-success">
            {result.data?.message}
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
