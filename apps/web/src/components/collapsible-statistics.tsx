// Figure cards above a list. On a wider screen they are simply shown; on a phone they fold behind
// one line (closed at first) so that the list itself starts above the fold.
import { Box, Collapse, Group, type MantineSpacing, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { usePhoneLayout } from '../lib/use-phone-layout.ts';
import classes from './collapsible-statistics.module.css';

type CollapsibleStatisticsProps = {
  /** What the cards are about, e.g. 'Contact statistics'. */
  label: string;
  /** A headline figure shown on the folded line, e.g. '30 contacts'. */
  summary?: string | undefined;
  /** Space below the cards (or the folded line). */
  mb?: MantineSpacing;
  children: ReactNode;
};

export function CollapsibleStatistics({ label, summary, mb, children }: CollapsibleStatisticsProps) {
  const phone = usePhoneLayout();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!phone) return <Box mb={mb}>{children}</Box>;
  return (
    <Box mb={mb}>
      <UnstyledButton
        className={classes.toggle}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" fw={600} truncate="end">
            {label}
            {summary ? (
              <Text span size="sm" c="dimmed" fw={400}>
                {' · '}
                {summary}
              </Text>
            ) : null}
          </Text>
          <IconChevronDown size={16} className={classes.chevron} data-open={open || undefined} aria-hidden />
        </Group>
      </UnstyledButton>
      <Collapse expanded={open} id={id}>
        <div className={classes.cards}>{children}</div>
      </Collapse>
    </Box>
  );
}
