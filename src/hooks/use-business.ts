import { useSuspenseQuery } from '@tanstack/react-query';
import { createContext, createElement, type ReactNode, useContext } from 'react';
import type { BusinessSummary } from '../lib/api-contract/business-settings';
import { businessQueryOptions } from '../lib/business-query';

const BusinessContext = createContext<BusinessSummary | null>(null);

/**
 * The business's settings for everything below it, read from the query cache once (the root route
 * loads them): two dozen components ask on every page, and each asking the cache itself cost a query
 * observer each while the page hydrates.
 */
export function BusinessProvider({ children }: { children: ReactNode }) {
  const business = useSuspenseQuery(businessQueryOptions()).data;
  return createElement(BusinessContext.Provider, { value: business }, children);
}

/** The business's own settings: name, contact details, hours, days and rules (loaded by the root route). */
export function useBusiness(): BusinessSummary {
  const business = useContext(BusinessContext);
  if (!business) throw new Error('useBusiness needs a BusinessProvider above it (the root document has one)');
  return business;
}
