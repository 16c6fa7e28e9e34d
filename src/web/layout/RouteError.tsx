import { useRouteError } from 'react-router';
import { ButtonLink } from '../ui/Button';
import { ErrorBox } from '../ui/ErrorBox';

/** What a shopper sees if a screen fails while drawing: a sentence and a way back, never a trace. */
export function RouteError() {
  const error = useRouteError();
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <title>Something went wrong | Larkspur</title>
      <h1 className="text-3xl">Sorry, this page stumbled</h1>
      <div className="mt-6 text-left">
        <ErrorBox error={error} />
      </div>
      <ButtonLink to="/" reloadDocument className="mt-8">
        Back to the shop
      </ButtonLink>
    </main>
  );
}
