// The calls of 我的关注 (contracts/public-site.ts): the listings the signed-in user watches on the public site and
// its saved searches, watching and unwatching a listing, saving and deleting a search. Both lists live under
// ['watches'], so any change refreshes the page.
import { queryOptions } from '@tanstack/react-query';
import {
  deleteSavedSearchCall,
  listSavedSearchesCall,
  listWatchesCall,
  saveSearchCall,
  unwatchListingCall,
  watchListingCall,
} from '@cqjy/domain/contracts/public-site';
import { fetchData } from '../../lib/call.ts';

export const WATCHES_KEY = ['watches'] as const;

export const watchesQuery = () =>
  queryOptions({
    queryKey: [...WATCHES_KEY, 'listings'] as const,
    queryFn: () => fetchData(listWatchesCall, {}),
    staleTime: 0,
  });

export const savedSearchesQuery = () =>
  queryOptions({
    queryKey: [...WATCHES_KEY, 'searches'] as const,
    queryFn: () => fetchData(listSavedSearchesCall, {}),
    staleTime: 0,
  });

export function watchListing(input: { code: string; sms: boolean }) {
  return fetchData(
    watchListingCall,
    { params: { code: input.code }, body: { sms: input.sms } },
    { showSuccess: true },
  );
}

export function unwatchListing(code: string) {
  return fetchData(unwatchListingCall, { params: { code } }, { showSuccess: true });
}

export function saveSearch(input: { name: string; query: Record<string, string>; sms: boolean }) {
  return fetchData(saveSearchCall, { body: input }, { showSuccess: true });
}

export function deleteSearch(id: number) {
  return fetchData(deleteSavedSearchCall, { params: { id } }, { showSuccess: true });
}
