// What the hide / unhide / delete requests carry: the client and an optional reason (the server
// falls back to the spec's default reasons).
export type ClientActionVariables = { id: string; reason?: string };

export const reasonBody = (reason: string | undefined) => (reason?.trim() ? { reason: reason.trim() } : {});
