// The frame of a lead's or a client's panel: a right-hand drawer of one width for New and Edit, its
// header ruled off and fixed, and its body the part that scrolls, so that in the edit layout the
// overview card at the left stays in view while the form at the right scrolls under its sticky
// footer. On a phone the drawer takes the full width and the overview stacks above the form.
import { Button, Drawer, Group, Modal, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
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

/** What a form in the panel tells it: whether closing now would lose edits (issue 26: nothing lost). */
type CloseGuard = { register: (hasUnsavedEdits: () => boolean) => () => void };
const CloseGuardContext = createContext<CloseGuard | null>(null);

/**
 * A form without a draft of its own says so while it holds unsaved edits: closing the panel (Escape or ×)
 * then asks before discarding them. (The lead form keeps a draft instead.)
 */
export function useCloseGuard(unsavedEdits: boolean) {
  const guard = useContext(CloseGuardContext);
  const latest = useRef(unsavedEdits);
  useEffect(() => {
    latest.current = unsavedEdits;
  });
  useEffect(() => guard?.register(() => latest.current), [guard]);
}

export function RecordDrawer({ opened, onClose, title, closeLabel, children }: RecordDrawerProps) {
  const phone = usePhoneLayout();
  const guards = useRef(new Set<() => boolean>());
  const guard = useMemo<CloseGuard>(
    () => ({
      register: (hasUnsavedEdits) => {
        guards.current.add(hasUnsavedEdits);
        return () => guards.current.delete(hasUnsavedEdits);
      },
    }),
    [],
  );
  const [asking, setAsking] = useState(false);
  const close = useCallback(() => {
    if ([...guards.current].some((hasUnsavedEdits) => hasUnsavedEdits())) setAsking(true);
    else onClose();
  }, [onClose]);
  return (
    <Drawer
      opened={opened}
      onClose={unlessDialogAbove(close)}
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
      <CloseGuardContext.Provider value={guard}>{children}</CloseGuardContext.Provider>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Discard unsaved changes?" centered>
        <Text size="sm">Your changes here have not been saved. Close the panel and lose them?</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
            Keep editing
          </Button>
          <Button
            color="red"
            onClick={() => {
              setAsking(false);
              onClose();
            }}
          >
            Discard changes
          </Button>
        </Group>
      </Modal>
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
