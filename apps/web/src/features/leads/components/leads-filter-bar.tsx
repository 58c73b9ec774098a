// The filter bar of spec 1 §2.3: debounced search, three multi-selects fed by the values in the
// active tab's data (sorted by the server), and the green 'Add New Lead' button for roles that may
// create. Tab-aware: the options come from the active tab; a tab other than leads and clients gets
// the search box only. It keeps one row: a multi-select shows its one value or a count, never a
// growing list of chips; a bar too narrow for the three (a phone) folds them behind a Filters button.
import {
  ActionIcon,
  Badge,
  Button,
  Collapse,
  type ComboboxRenderPillInput,
  Group,
  MultiSelect,
  Pill,
  Stack,
  Tooltip,
} from '@mantine/core';
import { IconAdjustmentsHorizontal, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { LeadFilterOptions } from '@crm/domain';
import { SearchBox } from '../../../components/search-box.tsx';
import { useElementWidth } from '../../../lib/use-element-width.ts';
import type { LeadsSearch, LeadsTab } from '../leads-search.ts';
import classes from './leads-filter-bar.module.css';

/** Spec: a green 'Add New Lead'; this shade keeps white text at 5:1 contrast. */
export const ADD_GREEN = '#15803d';
/** The narrowest bar that holds search, three filters and the Add button in one row. */
const FULL_BAR_WIDTH = 940;

type FilterKey = 'status' | 'location' | 'desiredVisa';
type FilterPatch = Partial<Pick<LeadsSearch, 'search' | FilterKey>>;

/** Each filter's placeholder, accessible name and the noun its count reads with. */
const FILTERS: readonly { key: FilterKey; placeholder: string; label: string; plural: string }[] = [
  { key: 'status', placeholder: 'All Status', label: 'Filter by status', plural: 'statuses' },
  { key: 'location', placeholder: 'All Locations', label: 'Filter by location', plural: 'locations' },
  { key: 'desiredVisa', placeholder: 'All Desired Visas', label: 'Filter by desired visa', plural: 'visas' },
];

const OPTION_KEY: Record<FilterKey, keyof LeadFilterOptions> = {
  status: 'statuses',
  location: 'locations',
  desiredVisa: 'desiredVisas',
};

type LeadsFilterBarProps = {
  tab: LeadsTab;
  search: LeadsSearch;
  /** The active tab's filter values (leads and clients share the shape). */
  options: LeadFilterOptions | undefined;
  onChange: (patch: FilterPatch) => void;
  canCreate: boolean;
  onAdd: () => void;
};

export function LeadsFilterBar({ tab, search, options, onChange, canCreate, onAdd }: LeadsFilterBarProps) {
  const withFilters = tab === 'leads' || tab === 'clients';
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const compact = width !== null && width < FULL_BAR_WIDTH;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const chosen = (key: FilterKey) => search[key] ?? [];
  const chosenCount = FILTERS.reduce((sum, f) => sum + chosen(f.key).length, 0);

  const filters = FILTERS.map((filter) => (
    <FilterSelect
      key={filter.key}
      filter={filter}
      value={chosen(filter.key)}
      data={options?.[OPTION_KEY[filter.key]]}
      onChange={(next) => onChange({ [filter.key]: next.length ? next : undefined })}
    />
  ));

  const searchBox = (
    <SearchBox
      className={classes.search}
      label={`Search ${tab}`}
      placeholder="Search by name, email, phone..."
      value={search.search}
      onSearch={(text) => onChange({ search: text })}
    />
  );

  const addButton =
    canCreate && withFilters ? (
      compact ? (
        <Tooltip label="Add New Lead">
          <ActionIcon color={ADD_GREEN} variant="filled" size="input-sm" onClick={onAdd} aria-label="Add New Lead">
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button color={ADD_GREEN} leftSection={<IconPlus size={16} />} onClick={onAdd} className={classes.add}>
          Add New Lead
        </Button>
      )
    ) : null;

  return (
    <div ref={ref} className={classes.bar}>
      <Group gap={8} wrap="nowrap">
        {searchBox}
        {withFilters && !compact ? filters : null}
        {withFilters && compact ? (
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            rightSection={
              chosenCount ? (
                <Badge size="sm" circle>
                  {chosenCount}
                </Badge>
              ) : null
            }
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            className={classes.filtersButton}
          >
            Filters
          </Button>
        ) : null}
        {addButton}
      </Group>
      {withFilters && compact ? (
        <Collapse expanded={filtersOpen} id={filtersId}>
          <Stack gap="xs" pt="xs">
            {filters}
          </Stack>
        </Collapse>
      ) : null}
    </div>
  );
}

type FilterSelectProps = {
  filter: (typeof FILTERS)[number];
  value: string[];
  data: string[] | undefined;
  onChange: (value: string[]) => void;
};

/**
 * One multi-select of the bar: one chosen value shows as a chip, more as a count ('3 statuses'); the
 * chip's × removes what it stands for. No separate clear button: its room is the chip's.
 */
function FilterSelect({ filter, value, data, onChange }: FilterSelectProps) {
  // A value in the URL that no record has any more stays choosable so it can be removed.
  const all = [...new Set([...(data ?? []), ...value])];
  const renderPill = ({ value: pillValue, onRemove }: ComboboxRenderPillInput) => {
    if (pillValue !== value[0]) return null;
    if (value.length > 1) {
      return (
        <Pill
          className={classes.pill}
          title={value.join(', ')}
          withRemoveButton
          onRemove={() => onChange([])}
          removeButtonProps={{ 'aria-label': `Remove the ${value.length} ${filter.plural}` }}
        >
          {value.length} {filter.plural}
        </Pill>
      );
    }
    return (
      <Pill
        className={classes.pill}
        title={pillValue}
        withRemoveButton
        onRemove={onRemove}
        removeButtonProps={{ 'aria-label': `Remove ${pillValue}` }}
      >
        {pillValue}
      </Pill>
    );
  };
  return (
    <MultiSelect
      aria-label={filter.label}
      className={classes.multi}
      placeholder={value.length ? undefined : filter.placeholder}
      data={all}
      value={value}
      onChange={onChange}
      searchable
      maxDropdownHeight={280}
      comboboxProps={{ width: 300, position: 'bottom-start' }}
      renderPill={renderPill}
      classNames={{ pillsList: classes.pillsList, inputField: classes.inputField }}
    />
  );
}
