// The filter bar of spec 1 §2.3: debounced search, three multi-selects fed by the values in the
// active tab's data (sorted by the server), and the green 'Add New Lead' button for roles that may
// create. Tab-aware: the options come from the active tab; a tab other than leads and clients gets
// the search box only.
import { Button, CloseButton, Group, MultiSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { LeadFilterOptions } from '@crm/domain';
import type { LeadsSearch, LeadsTab } from '../leads-search.ts';
import classes from './leads-filter-bar.module.css';

const SEARCH_DEBOUNCE_MS = 300;
/** Spec: a green 'Add New Lead'; this shade keeps white text at 5:1 contrast. */
export const ADD_GREEN = '#15803d';

type FilterPatch = Partial<Pick<LeadsSearch, 'search' | 'status' | 'location' | 'desiredVisa'>>;

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
  const [text, setText] = useState(search.search ?? '');
  const commit = useDebouncedCallback(
    (value: string) => onChange({ search: value.trim() || undefined }),
    SEARCH_DEBOUNCE_MS,
  );
  // The URL changed from elsewhere (back button, 'Clear filters'): follow it.
  useEffect(() => {
    setText((current) => (current.trim() === (search.search ?? '') ? current : (search.search ?? '')));
  }, [search.search]);

  const multi = (
    key: 'status' | 'location' | 'desiredVisa',
    placeholder: string,
    data: string[] | undefined,
    label: string,
  ) => {
    const value = (search[key] ?? []) as string[];
    // A value in the URL that no record has any more stays choosable so it can be removed.
    const all = [...new Set([...(data ?? []), ...value])];
    return (
      <MultiSelect
        aria-label={label}
        className={classes.multi}
        placeholder={value.length ? undefined : placeholder}
        data={all}
        value={value}
        onChange={(next) => onChange({ [key]: next.length ? next : undefined } as FilterPatch)}
        clearable
        searchable
        maxDropdownHeight={280}
        comboboxProps={{ width: 300, position: 'bottom-start' }}
        classNames={{ pill: classes.pill }}
      />
    );
  };

  return (
    <Group gap="xs" wrap="wrap" align="flex-start" className={classes.bar}>
      <TextInput
        className={classes.search}
        aria-label={`Search ${tab}`}
        placeholder="Search by name, email, phone..."
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          commit(e.currentTarget.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit.flush();
        }}
        rightSection={
          text ? (
            <CloseButton
              size="sm"
              aria-label="Clear search"
              onClick={() => {
                setText('');
                onChange({ search: undefined });
              }}
            />
          ) : null
        }
      />
      {withFilters ? (
        <>
          {multi('status', 'All Status', options?.statuses, 'Filter by status')}
          {multi('location', 'All Locations', options?.locations, 'Filter by location')}
          {multi('desiredVisa', 'All Desired Visas', options?.desiredVisas, 'Filter by desired visa')}
        </>
      ) : null}
      {canCreate && withFilters ? (
        <Button color={ADD_GREEN} leftSection={<IconPlus size={16} />} onClick={onAdd} className={classes.add}>
          Add New Lead
        </Button>
      ) : null}
    </Group>
  );
}
