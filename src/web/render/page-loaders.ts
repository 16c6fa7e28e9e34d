import type { QueryClient, QueryExecuteOptions, QueryKey } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs } from 'react-router';
import { readListing } from '../../shared/catalog/listing-query';
import { isShelf } from '../../shared/catalog/shelves';
import { ApiError } from '../api/client';
import { deliveryQuery, pricedDeliveryLines } from '../api/delivery';
import { productQuery, productsQuery, similarProductsQuery } from '../api/products';
import { paymentConfigQuery } from '../api/payments';
import { shopIdentityQuery } from '../api/shop';
import { pageFromParam } from '../ui/Pagination';

/**
 * The loaders of the storefront's pages. Each fetches what its page shows into the query cache
 * (the page reads it there with the same queries), in the browser as soon as a link is followed,
 * beside the page's code, and on the server before the page is rendered. A page that is not there
 * throws a 404 and one whose answers could not be had a 503: the server sends that status, and
 * the page draws itself from what the cache holds (its route's error boundary is the page).
 */

type Params = LoaderFunctionArgs['params'];

/** The status of a page whose answers failed: one not there (404), or one not to be had (503). */
function statusOf(errors: readonly unknown[]): 404 | 503 | undefined {
  if (errors.some((error) => !(error instanceof ApiError) || error.status >= 500)) return 503;
  return errors.some((error) => error instanceof ApiError && error.status === 404)
    ? 404
    : undefined;
}

const notThere = () => data(null, { status: 404 });

/**
 * Waits for a page's answers; throws its status if one failed. The failed answer stays in the
 * cache as its query's error, which the page shows.
 */
async function allOrStatus(answers: readonly Promise<unknown>[]): Promise<null> {
  const settled = await Promise.allSettled(answers);
  const status = statusOf(
    settled.flatMap((result): unknown[] => (result.status === 'rejected' ? [result.reason] : [])),
  );
  if (status !== undefined) throw data(null, { status });
  return null;
}

export function pageLoaders(client: QueryClient) {
  /**
   * An answer as the cache holds it, however old (the page asks again for a stale one once it
   * shows), or fetched: following a link to a page seen a moment ago waits for nothing.
   */
  const held = <Data, Key extends QueryKey>(
    options: QueryExecuteOptions<Data, Error, Data, Data, Key>,
  ) => client.query({ ...options, staleTime: 'static' });

  /**
   * Fetches an answer a page can be shown without (the banner, delivery in the structured data):
   * one that fails is left out rather than kept as the page's error, so it never turns the whole
   * page into a 503 or a 404, and the browser asks for it again itself.
   */
  const orLeaveOut = <Data, Key extends QueryKey>(
    options: QueryExecuteOptions<Data, Error, Data, Data, Key>,
  ) =>
    held(options).catch(() => {
      client.removeQueries({ queryKey: options.queryKey, exact: true });
    });

  /**
   * What every storefront page shows beside its own answers: who sells, the banner, and the ways
   * to pay whose marks the footer shows.
   */
  const everyPage = (own: readonly Promise<unknown>[]) =>
    allOrStatus([
      held(shopIdentityQuery()),
      orLeaveOut(deliveryQuery()),
      orLeaveOut(paymentConfigQuery()),
      ...own,
    ]);

  /** A listing's page as its address asks: filters and sort it cannot read are left out. */
  const listingOf = ({ keyword = '', category, pageNumber }: Params, request: Request) =>
    productsQuery(
      keyword,
      pageFromParam(pageNumber),
      category !== undefined && isShelf(category) ? category : undefined,
      readListing(new URL(request.url).searchParams).listing,
    );

  /** A page past the end of a listing (page 9 of 3) is not there; an empty first page is. */
  const listing = async ({ params, request }: LoaderFunctionArgs) => {
    const page = held(listingOf(params, request));
    await everyPage([page]);
    if (pageFromParam(params.pageNumber) > 1 && (await page).products.length === 0) {
      throw notThere();
    }
    return null;
  };

  return {
    /** The information pages: the shop's own words, and who it is. */
    info: () => everyPage([]),
    /** Home, a search, or a shelf, a page at a time. */
    listing,
    /** A category or department that is not one is not there. */
    shelf: (args: LoaderFunctionArgs) => {
      if (!isShelf(args.params.category ?? '')) throw notThere();
      return listing(args);
    },
    product: ({ params: { id = '' } }: LoaderFunctionArgs) =>
      everyPage([
        held(productQuery(id)).then((product) =>
          // The structured data tells of delivery at each price the product sells at.
          Promise.all(
            [...pricedDeliveryLines(product).values()].map((line) =>
              orLeaveOut(deliveryQuery([line])),
            ),
          ),
        ),
        held(similarProductsQuery(id)),
      ]),
    /** An address the shop does not have. */
    notFound: async () => {
      await everyPage([]);
      throw notThere();
    },
  };
}
