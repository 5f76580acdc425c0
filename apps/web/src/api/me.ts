/** The signed-in user (spec 1 §7 "After login, fetched": /me), read by the sign-in provider (app/auth.tsx). */
import { queryOptions } from '@tanstack/react-query';
import { profile } from '@tessera/contract';
import { call } from './client.ts';

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => call(profile.getMe, { signal }),
  staleTime: 5 * 60_000,
});
