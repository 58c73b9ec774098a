// The Services Overview's filters (spec 3 §2.1): the debounced search over service name, client or lead
// name and email; the start-date range; currency, status, payment status and type, each one value or
// 'All'. They live in the URL; a change goes back to the first page.
import { Button, Select } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { CURRENCIES, PAYMENT_STATUSES, SERVICE_STATUSES } from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { type FinanceSearch, hasFilters, NO_FILTERS, type OverviewFilter } from '../finance-search.ts';
import classes from '../finance.module.css';

const ALL = 'all';

type SelectFilter = {
  key: 'currency' | 'status' | 'paymentStatus' | 'type';
  label: string;
  options: readonly { value: string; label: string }[];
};

const same = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** Each select's 'All' wording and its choices, in the spec's words. */
const SELECTS: readonly SelectFilter[] = [
  {
    key: 'currency',
    label: 'Filter by currency',
    options: [{ value: ALL, label: 'All Currency' }, ...same(CURRENCIES)],
  },
  { key: 'status', label: 'Filter by status', options: [{ value: ALL, label: 'All' }, ...same(SERVICE_STATUSES)] },
  {
    key: 'paymentStatus',
    label: 'Filter by payment status',
    options: [{ value: ALL, label: 'All Payments' }, ...same(PAYMENT_STATUSES)],
  },
  {
    key: 'type',
    label: 'Filter by type',
    options: [
      { value: ALL, label: 'All Types' },
      { value: 'lead', label: 'Leads' },
      { value: 'client', label: 'Clients' },
    ],
  },
];

type OverviewFiltersProps = {
  search: FinanceSearch;
  onChange: (patch: Partial<OverviewFilter>) => void;
};

export function OverviewFilters({ search, onChange }: OverviewFiltersProps) {
  const rangeReversed = Boolean(search.from && search.until && search.from > search.until);

  return (
    <div className={classes.filters} role="search" aria-label="Filter services">
      <div className={classes.filterRow}>
        <SearchBox
          className={classes.search}
          label="Search services"
          placeholder="Search by service name, client name, or email..."
          value={search.search}
          onSearch={(text) => onChange({ search: text })}
        />
        <FilterDate
          label="Start date"
          value={search.from}
          onChange={(value) => onChange({ from: value || undefined })}
        />
        <FilterDate
          label="End date"
          value={search.until}
          error={rangeReversed ? 'End date is before the start date' : undefined}
          onChange={(value) => onChange({ until: value || undefined })}
        />
      </div>
      <div className={classes.filterRow}>
        {SELECTS.map((filter) => (
          <Select
            key={filter.key}
            className={classes.select}
            aria-label={filter.label}
            data={filter.options.map((o) => ({ ...o }))}
            value={search[filter.key] ?? ALL}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) =>
              onChange({ [filter.key]: value && value !== ALL ? value : undefined } as Partial<OverviewFilter>)
            }
          />
        ))}
        {hasFilters(search) ? (
          <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A date of the filters' range, named by its placeholder; cleared, it is no bound. */
function FilterDate({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string | undefined;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <DateField
      kind="document"
      className={classes.date}
      // A label for screen readers (the placeholder shows it): it also names the clear button.
      label={label}
      labelProps={{ className: classes.visuallyHidden }}
      placeholder={label}
      clearable
      filter
      value={value ?? null}
      error={error}
      onChange={onChange}
    />
  );
}
