// A searched or filtered list with no rows, and where there is one, the button back to all of them.
import { Button, EmptyState } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';

type NoMatchesStateProps = {
  title?: string;
  description?: string;
  /** The button that drops the search or filters, e.g. 'Clear filters'. */
  clear?: { label: string; onClick: () => void };
};

export function NoMatchesState({
  title = 'No records found matching your criteria.',
  description,
  clear,
}: NoMatchesStateProps) {
  return (
    <EmptyState py={48} icon={<IconUserSearch size={28} />} title={title} description={description}>
      {clear ? (
        <EmptyState.Actions>
          <Button variant="default" onClick={clear.onClick}>
            {clear.label}
          </Button>
        </EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}
