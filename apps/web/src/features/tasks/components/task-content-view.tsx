// Shows stored task or note content. The server cleaned it on write; it is cleaned again here, with the
// same allow-list (spec 2 §5), so no path lets markup from storage run script in the browser.
import { Typography } from '@mantine/core';
// Only task content uses Typography: its styles load with it, not with every page (app/mantine-styles.ts).
import '@mantine/core/styles/Typography.css';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { TASK_CONTENT_TAGS } from '@crm/domain';
import classes from './tasks.module.css';

/** The content as safe markup: only the allowed elements, with class and style, and nothing else. */
export function cleanContent(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...TASK_CONTENT_TAGS],
    ALLOWED_ATTR: ['class', 'style'],
    ALLOW_DATA_ATTR: false,
  });
}

export function TaskContentView({ html, clamp }: { html: string; clamp?: boolean }) {
  const clean = useMemo(() => cleanContent(html), [html]);
  return (
    <Typography className={clamp ? `${classes.content} ${classes.clamped}` : classes.content}>
      <div data-testid="task-content" dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
