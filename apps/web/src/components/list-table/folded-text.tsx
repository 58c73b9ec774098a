// What a narrow list has no columns for, as dimmed lines under a row's first cell. Its own module, so that
// the lists that fold nothing (the leads page's) do not load it.
import { Text } from '@mantine/core';
import { useListLayout } from './list-table.tsx';

/** A column's value as a narrow list folds it: [column key, text]. */
export type FoldedPart = readonly [column: string, text: string | null];

/**
 * The values of the columns the list has no room for, as dimmed lines under the row's first cell (the
 * parts of a line joined with ' · '), so a narrow list moves them rather than loses them
 * (docs/decisions/0006).
 */
export function FoldedText({ lines }: { lines: readonly (readonly FoldedPart[])[] }) {
  const { shows } = useListLayout();
  return lines.map((parts) => {
    const text = parts
      .filter(([column, value]) => !shows(column) && value)
      .map(([, value]) => value)
      .join(' · ');
    return text ? (
      // An email or a long reference breaks rather than spills out of a narrow cell.
      <Text
        key={parts.map(([column]) => column).join()}
        size="xs"
        c="dimmed"
        lineClamp={2}
        title={text}
        style={{ overflowWrap: 'anywhere' }}
      >
        {text}
      </Text>
    ) : null;
  });
}
