import { useLocation } from 'react-router';
import { ButtonLink } from '../ui/Button';
import { PageHead } from '../ui/PageHead';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <PageHead title="Page not found" path={pathname} noindex />
      <p className="text-sm tracking-[0.16em] text-muted uppercase">Page not found</p>
      <h1 className="mt-3 text-3xl">We couldn’t find that page</h1>
      <p className="mt-4 text-muted">
        It may have moved, or the address may have a typo. Everything in the shop is one search
        away.
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to the shop
      </ButtonLink>
    </div>
  );
}
