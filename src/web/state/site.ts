import { createContext, useContext } from 'react';
import type { Site } from '../../shared/storefront/rendered-page';

export type { Site };

export const SiteContext = createContext<Site>({ origin: '' });

export const useSite = () => useContext(SiteContext);
