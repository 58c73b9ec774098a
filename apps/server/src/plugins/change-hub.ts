// Fans change events from PostgreSQL NOTIFY out to every open Server-Sent Events stream.
// Several server processes on one PostgreSQL database stay in step because each listens itself.
import { type ChangeEvent, changeEventSchema } from '@crm/domain';

export type ChangeHub = {
  subscribe: (listener: (event: ChangeEvent) => void) => () => void;
  dispatch: (payload: string) => void;
  size: () => number;
};

export function createChangeHub(onEvent?: (event: ChangeEvent) => void): ChangeHub {
  const listeners = new Set<(event: ChangeEvent) => void>();
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch: (payload) => {
      let event: ChangeEvent;
      try {
        event = changeEventSchema.parse(JSON.parse(payload));
      } catch {
        return;
      }
      onEvent?.(event);
      for (const listener of listeners) listener(event);
    },
    size: () => listeners.size,
  };
}
