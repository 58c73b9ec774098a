// GET /api/dashboard/conversion-statistics. A failure shows zeros and is only logged (spec 1 §2.2).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversionStatistics } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';

export const EMPTY_CONVERSION_STATISTICS: ConversionStatistics = {
  totalConversions: 0,
  recentConversions: 0,
  totalReversions: 0,
  activeClientsFromLeads: 0,
  conversionSuccessRate: 0,
};

export const conversionStatisticsQueryOptions = queryOptions({
  queryKey: ['dashboard', 'conversion-statistics'],
  queryFn: async ({ signal }) => {
    try {
      return await answer(server.GET('/api/dashboard/conversion-statistics', { signal }));
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      console.error('Conversion statistics failed to load; showing zeros.', error);
      return EMPTY_CONVERSION_STATISTICS;
    }
  },
  // Spec 1 §9: fresh 5 min, kept 10 min. Change events refresh it instead of a 5-minute poll.
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
});

export const useConversionStatistics = () => useQuery(conversionStatisticsQueryOptions);
