// The frame of a lead's or a client's panel: a right-hand drawer of one width for New and Edit, its
// header ruled off and fixed, and its body the part that scrolls, so that in the edit layout the
// overview card at the left stays in view while the form at the right scrolls under its sticky
// footer. On a phone the drawer takes the full width and the overview stacks above the form.
import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useGuardedClose } from '../close-guard.tsx';
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

export function RecordDrawer({ opened, onClose, title, closeLabel, children }: RecordDrawerProps) {
  const phone = usePhoneLayout();
  const { id, close, wrap } = useGuardedClose(onClose, 'the panel');
  return (
    <Drawer
      opened={opened}
      onClose={close}
      id={id}
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
      {wrap(children)}
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
