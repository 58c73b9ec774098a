// GET /api/phone-number-review: the stored contact numbers the start-up back-fill could not read (decision 0005).
// Keyed under 'phone-number-review'; the lead, client and contact events refresh it (a corrected number leaves).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

export const phoneNumberReviewQuery = () =>
  queryOptions({
    queryKey: ['phone-number-review'],
    queryFn: ({ signal }) => answer(server.GET('/api/phone-number-review', { signal })),
    staleTime: 30_000,
  });

export const usePhoneNumberReview = () => useQuery(phoneNumberReviewQuery());
