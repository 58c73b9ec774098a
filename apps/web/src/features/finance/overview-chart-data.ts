// The Services Overview's chart data, shaped from GET /api/services/chart for the bars (pure, so tested
// without a browser).
import { compareCurrencies, type ServiceChart } from '@crm/domain';

/** More months than this crowd the bars at 390 px: the latest ones are shown and the rest named. */
export const MAX_CHART_MONTHS = 24;

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11' → 'Nov 2026'. */
export const monthLabel = (month: string) => {
  const [year, m] = month.split('-');
  return `${MONTH_NAMES[Number(m) - 1] ?? m} ${year}`;
};

/** One currency's bars, oldest month first, the latest {@link MAX_CHART_MONTHS} of them. */
export function monthlyBars(chart: ServiceChart, currency: string) {
  const months = chart.months.filter((m) => m.currency === currency);
  const shown = months.slice(-MAX_CHART_MONTHS);
  return {
    hidden: months.length - shown.length,
    // Recharts draws numbers; the amounts are the server's two-decimal strings, so the number is exact
    // to the cent for any amount a service can hold, and the tooltip writes it back through displayMoney.
    bars: shown.map((m) => ({ month: monthLabel(m.month), Revenue: Number(m.revenue), Paid: Number(m.paid) })),
  };
}

export const chartCurrencies = (chart: ServiceChart) =>
  [...new Set(chart.months.map((m) => m.currency))].sort(compareCurrencies);
