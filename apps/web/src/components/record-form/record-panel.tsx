// The frame of a lead's or a client's panel: a right-hand drawer of one width for New and Edit, its
// header ruled off and fixed, and its body the part that scrolls, so that in the edit layout the
// overview card at the left stays in view while the form at the right scrolls under its sticky
// footer. On a phone the drawer takes the full width and the overview stacks above the form.
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhoneLayout } from '../../lib/use-phone-layout.ts';
import classes from './record-form.module.css';

/** New and Edit panels share it: the form does not jump when a new record is saved. */
export const RECORD_PANEL_WIDTH = 1080;

type RecordDrawerProps = {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The close button's accessible name, e.g. 'Close lead panel'. */
  closeLabel: string;
  children: ReactNode;
};

/**
 * Mantine closes every open drawer and modal on one Escape (each listens on the window), so Escape in a
 * dialog above the panel (a service dialog, a delete or conversion confirmation) would close the panel
 * under it too, and what was typed with it. The panel closes only when it is the one dialog open.
 */
function unlessDialogAbove(close: () => void) {
  return () => {
    if (document.querySelectorAll('[role="dialog"][aria-modal="true"]').length > 1) return;
    close();
  };
}

export function RecordDrawer({ opened, onClose, title, closeLabel, children }: RecordDrawerProps) {
  const phone = usePhoneLayout();
  return (
    <Drawer
      opened={opened}
      onClose={unlessDialogAbove(onClose)}
      position="right"
      size={phone ? '100%' : RECORD_PANEL_WIDTH}
      padding="md"
      title={title}
      closeButtonProps={{ 'aria-label': closeLabel }}
      classNames={{
        content: classes.drawerContent,
        header: classes.drawerHeader,
        title: classes.drawerTitle,
        body: classes.drawerBody,
      }}
    >
      {children}
    </Drawer>
  );
}

/** The edit layout: the overview card beside the form (sticky), or above it on narrow screens. */
export function RecordDetailsLayout({ overview, children }: { overview: ReactNode; children: ReactNode }) {
  return (
    <div className={classes.details}>
      <div className={classes.overview}>{overview}</div>
      <div className={classes.form}>{children}</div>
    </div>
  );
}
