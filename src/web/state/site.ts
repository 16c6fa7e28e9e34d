import { createContext, useContext } from 'react';

/** Where the shop is published, for the absolute addresses a page gives of itself. */
export interface Site {
  /** `https://shop.example`, no trailing slash. */
  origin: string;
}

export const SiteContext = createContext<Site>({ origin: '' });

export const useSite = () => useContext(SiteContext);
