import { describe, expect, it } from 'vitest';
import type { ServiceChart } from '@crm/domain';
import { chartCurrencies, MAX_CHART_MONTHS, monthLabel, monthlyBars } from './overview-chart-data.ts';

const month = (m: string, currency: string, revenue = '10.00', paid = '0.00') => ({
  month: m,
  currency,
  revenue,
  paid,
});
const chart = (months: ServiceChart['months']): ServiceChart => ({ months, paymentStatuses: [] });

describe('the overview charts', () => {
  it('name a month in words', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2027-01')).toBe('Jan 2027');
  });

  it('offer PHP first, then the other currencies alphabetically', () => {
    const data = chart([
      month('2026-01', 'USD'),
      month('2026-01', 'AUD'),
      month('2026-02', 'PHP'),
      month('2026-03', 'AUD'),
    ]);
    expect(chartCurrencies(data)).toEqual(['PHP', 'AUD', 'USD']);
  });

  it("draw one currency's months with its amounts to the cent", () => {
    const data = chart([
      month('2026-03', 'AUD', '1000.00', '250.50'),
      month('2026-03', 'PHP', '5.00'),
      month('2026-04', 'AUD', '0.10', '0.20'),
    ]);
    expect(monthlyBars(data, 'AUD')).toEqual({
      hidden: 0,
      bars: [
        { month: 'Mar 2026', Revenue: 1000, Paid: 250.5 },
        { month: 'Apr 2026', Revenue: 0.1, Paid: 0.2 },
      ],
    });
  });

  it('keep the latest months when there are more than fit, and say how many are left out', () => {
    const months = Array.from({ length: MAX_CHART_MONTHS + 3 }, (_, i) =>
      month(`${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`, 'AUD'),
    );
    const { bars, hidden } = monthlyBars(chart(months), 'AUD');
    expect(hidden).toBe(3);
    expect(bars).toHaveLength(MAX_CHART_MONTHS);
    expect(bars[0]!.month).toBe('Apr 2020');
    expect(bars.at(-1)!.month).toBe('Mar 2022');
  });
});
