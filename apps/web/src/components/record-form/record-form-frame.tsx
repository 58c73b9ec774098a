// The frame of a lead's or a client's form: the notices above the fields (saved elsewhere meanwhile, the last
// save failed), the status line, the accordion of sections, and the footer, all inside a fieldset that a
// read-only record disables.
import { Accordion, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { ChangedElsewhereAlert, isStaleEditError, SaveErrorAlert } from './record-form-alerts.tsx';

type RecordFormFrameProps = {
  /** The form's accessible name ('Edit client'). */
  label: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  readOnly: boolean;
  recordNoun: 'lead' | 'client';
  /** Notices before the form's own (a draft restored from this browser). */
  notices?: ReactNode;
  changedElsewhere: boolean;
  saveError: Error | null;
  /** The banner's words for the failed save ('Failed to Save Lead' and what went wrong). */
  saveErrorTitle: string;
  saveErrorMessage: (error: Error) => string;
  /** Whether a stale edit can be reloaded (a new record has nothing to reload). */
  reloadable: boolean;
  onDismissError: () => void;
  onReload: () => void;
  onRetry: () => void;
  retryDisabled: boolean;
  /** The status field and what it says, above the sections. */
  status: ReactNode;
  opened: string[];
  onOpenedChange: (opened: string[]) => void;
  /** The FormSections. */
  children: ReactNode;
  /** The RecordFormFooter. */
  footer: ReactNode;
};

export function RecordFormFrame({
  label,
  onSubmit,
  readOnly,
  recordNoun,
  notices,
  changedElsewhere,
  saveError,
  saveErrorTitle,
  saveErrorMessage,
  reloadable,
  onDismissError,
  onReload,
  onRetry,
  retryDisabled,
  status,
  opened,
  onOpenedChange,
  children,
  footer,
}: RecordFormFrameProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {notices}
          {changedElsewhere && !isStaleEditError(saveError) ? (
            <ChangedElsewhereAlert recordNoun={recordNoun} onReload={onReload} />
          ) : null}
          {saveError ? (
            <SaveErrorAlert
              title={saveErrorTitle}
              message={saveErrorMessage(saveError)}
              stale={reloadable && isStaleEditError(saveError)}
              onDismiss={onDismissError}
              onReload={onReload}
              onRetry={onRetry}
              retryDisabled={retryDisabled}
            />
          ) : null}
          {status}
          <Accordion
            multiple
            value={opened}
            onChange={onOpenedChange}
            variant="separated"
            radius="md"
            chevronPosition="right"
          >
            {children}
          </Accordion>
        </Stack>
      </fieldset>
      {footer}
    </form>
  );
}
