import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListing, type ReadListing } from '../../../../shared/catalog/listing-query';

/** The filters and sort the address asks for, as the page's loader read them. */
export function useListing(): ReadListing {
  const [params] = useSearchParams();
  const query = params.toString();
  return useMemo(() => readListing(new URLSearchParams(query)), [query]);
}
