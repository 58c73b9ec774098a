// Keeps the lead form's unsaved values in the browser (spec 1 §9): written 1 s after a change, and at once
// when the form closes (Esc, ×, another record) or the page does, so no edit is lost however quickly the
// drawer is shut (issue 26); offered back when under 30 minutes old, removed once the lead is saved.
import { useCallback, useEffect, useRef } from 'react';
import type { LeadFormValues } from './lead-form-values.ts';

const SAVE_DELAY_MS = 1_000;
export const DRAFT_MAX_AGE_MS = 30 * 60_000;

type StoredDraft = { values: LeadFormValues; savedAt: number; version: number | null };

export const draftKey = (userId: string, leadId: string | null) => `crm:lead-draft:${userId}:${leadId ?? 'new'}`;

export function readDraft(key: string, version: number | null, now = Date.now()): StoredDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as StoredDraft;
    // Too old, or written against another version of the lead: not offered.
    if (now - draft.savedAt > DRAFT_MAX_AGE_MS || draft.version !== version) {
      localStorage.removeItem(key);
      return null;
    }
    return draft;
  } catch {
    return null;
  }
}

export function removeDraft(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable (private mode): nothing was kept.
  }
}

function writeDraft(key: string, values: LeadFormValues, version: number | null) {
  try {
    localStorage.setItem(key, JSON.stringify({ values, savedAt: Date.now(), version } satisfies StoredDraft));
  } catch {
    // Storage full or unavailable: the draft is a convenience, the form still works.
  }
}

/**
 * Writes `values` 1 s after they change while `dirty`, and when the form unmounts; undoing every change
 * removes the draft. Returns `flush` to write at once (offline save) and `forget` to remove the draft once
 * the values are saved or thrown away (then closing the form writes none until the next change).
 */
export function useLeadDraft(key: string, values: LeadFormValues, dirty: boolean, enabled: boolean) {
  const latest = useRef({ values, dirty });
  const wasDirty = useRef(false);
  const forgotten = useRef(false);
  useEffect(() => {
    if (latest.current.values !== values) forgotten.current = false;
    latest.current = { values, dirty };
  });

  const flush = useCallback(() => {
    const { values: v, dirty: d } = latest.current;
    if (d && !forgotten.current) writeDraft(key, v, v.version ?? null);
  }, [key]);

  const forget = useCallback(() => {
    forgotten.current = true;
    removeDraft(key);
  }, [key]);

  useEffect(() => {
    if (!enabled) return;
    if (!dirty) {
      // Changes undone by hand: the stored draft goes too (a fresh form leaves it for restoring).
      if (wasDirty.current) removeDraft(key);
      wasDirty.current = false;
      return;
    }
    wasDirty.current = true;
    const timer = setTimeout(flush, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, values, dirty, enabled, flush]);

  useEffect(() => {
    if (!enabled) return;
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      // The form closes (or its record changes) before the delayed write: write what it held now.
      flush();
    };
  }, [enabled, flush]);

  return { flush, forget };
}
