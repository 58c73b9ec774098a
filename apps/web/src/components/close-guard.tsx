// Nothing typed is lost by closing (issue 26): a form inside a drawer or dialog says while it holds
// unsaved edits, and closing by Escape, × or a click beside it then asks before discarding them. The
// form's own Cancel button stays an explicit discard. The lead form keeps a draft instead.
import { Button, Group, Modal, type ModalProps, Text } from '@mantine/core';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';

type CloseGuard = { register: (hasUnsavedEdits: () => boolean) => () => void };
const CloseGuardContext = createContext<CloseGuard | null>(null);

/** Called by a form in a guarded drawer or dialog with whether closing now would lose edits. */
export function useCloseGuard(unsavedEdits: boolean) {
  const guard = useContext(CloseGuardContext);
  const latest = useRef(unsavedEdits);
  useEffect(() => {
    latest.current = unsavedEdits;
  });
  useEffect(() => guard?.register(() => latest.current), [guard]);
}

/**
 * Mantine closes every open drawer and modal on one Escape (each listens on the window), so Escape in a
 * dialog above another (a service dialog over a lead's panel, a confirmation over a dialog) would close
 * the one under it too, and what was typed in it. Only the top dialog (the last one opened: each is
 * portalled to the end of the page, and shown) answers. Mantine names a dialog's body `${id}-body`.
 */
function isTopDialog(id: string) {
  // A dialog that has just closed stays in the page while it fades out (Mantine sets its 'out' styles,
  // opacity 0, at once): an Escape pressed then belongs to the dialog under it. On a busy machine the fade
  // can outlast the next key press by far.
  const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')].filter(
    (dialog) => dialog.style.opacity !== '0' && dialog.getClientRects().length > 0,
  );
  const top = dialogs[dialogs.length - 1];
  return top === undefined || top.getAttribute('aria-describedby') === `${id}-body`;
}

/**
 * The host side, for a drawer or modal: `close` asks first when a form inside has unsaved edits;
 * `wrap` gives the forms inside the guard, and renders the question.
 */
export function useGuardedClose(onClose: () => void, closing: 'the panel' | 'this dialog', unsavedEdits = false) {
  const id = useId();
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
    if (!isTopDialog(id)) return;
    if (unsavedEdits || [...guards.current].some((hasUnsavedEdits) => hasUnsavedEdits())) setAsking(true);
    else onClose();
  }, [id, onClose, unsavedEdits]);
  const wrap = (children: ReactNode) => (
    <>
      <CloseGuardContext.Provider value={guard}>{children}</CloseGuardContext.Provider>
      {/* Mounted only while asking: a question always mounted would hear the Escape that raised it (each
          dialog listens on the window, and the question's listener may come after this one's) and close. */}
      {asking ? (
        <Modal opened onClose={() => setAsking(false)} title="Discard unsaved changes?" centered>
          <Text size="sm">Your changes here have not been saved. Close {closing} and lose them?</Text>
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
      ) : null}
    </>
  );
  return { id, close, wrap };
}

/**
 * A Mantine Modal whose forms can guard it (see `useCloseGuard`); the same props, and `unsavedEdits`
 * for a dialog that holds its form's state itself.
 */
export function GuardedModal({
  onClose,
  children,
  unsavedEdits = false,
  ...props
}: ModalProps & { unsavedEdits?: boolean }) {
  const { id, close, wrap } = useGuardedClose(onClose, 'this dialog', unsavedEdits);
  return (
    <Modal {...props} closeButtonProps={{ 'aria-label': 'Close', ...props.closeButtonProps }} id={id} onClose={close}>
      {wrap(children)}
    </Modal>
  );
}

const plain = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/** Whether a form's values (plain data) differ from those it started from or last reloaded. */
export function differs(values: unknown, baseline: unknown) {
  return JSON.stringify(values, plain) !== JSON.stringify(baseline, plain);
}
