// What the archive / hide / unhide / delete requests carry: the lead and an optional reason
// (the server falls back to the spec's default reasons).
export type LeadActionVariables = { id: string; reason?: string };

export const reasonBody = (reason: string | undefined) => (reason?.trim() ? { reason: reason.trim() } : {});
