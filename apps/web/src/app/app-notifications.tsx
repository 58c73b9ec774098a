// The toasts (spec 1 §8): one at a time, top right, each for 6 s — Mantine's 4 s is short for the longer
// messages (a duplicate names the record and its table); hovering keeps one open. The container's code
// loads at the first click or key press, since nearly every toast follows one, so that it is there to
// slide the toast in; at the latest it loads with the first toast. A page only looked at never needs it.
import { notifications as notificationsApi, notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const LIMIT = 1;
const POSITION = 'top-right';

// What the container sets when it mounts, set now: toasts shown before it has loaded queue as they will after.
notificationsStore.updateState((state) => ({ ...state, limit: LIMIT, defaultPosition: POSITION }));

const NotificationsContainer = lazy(() =>
  import('./notifications-container.tsx').then((m) => ({ default: m.NotificationsContainer })),
);

const INTERACTIONS = ['pointerdown', 'keydown'] as const;

export function AppNotifications() {
  const { notifications, queue } = useNotifications();
  // One toast at a time, and the newest wins at once (spec 1 §8): 'Lead updated successfully!' must not
  // keep a conversion's message waiting. Closing the shown toast lets the queued one in.
  const shown = notifications[0]?.id;
  useEffect(() => {
    if (queue.length > 0 && shown) notificationsApi.hide(shown);
  }, [queue.length, shown]);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const type of INTERACTIONS) window.addEventListener(type, want, { capture: true, once: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);
  if (notifications.length > 0 && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer position={POSITION} limit={LIMIT} autoClose={6000} />
    </Suspense>
  );
}
