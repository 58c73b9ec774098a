// The Content field of the task forms: its label, the rich-text editor (its code loaded when a form first
// opens) and its error. Until the editor's code arrives, a box of the editor's size says so.
import { Input, Skeleton } from '@mantine/core';
import { Suspense, useId } from 'react';
import { lazyWithPreload } from '../../../lib/lazy-component.ts';
import type { TaskContentEditorProps } from './task-content-editor.tsx';

const editor = lazyWithPreload(() => import('./task-content-editor.tsx').then((m) => m.TaskContentEditor));

/** Starts loading the editor's code (a form is about to open). */
export const preloadTaskEditor = () => void editor.preload().catch(() => undefined);

type TaskContentFieldProps = Pick<TaskContentEditorProps, 'value' | 'onChange' | 'readOnly' | 'placeholder'> & {
  label?: string;
  error?: string;
  required?: boolean;
};

export function TaskContentField({ label = 'Content', error, required, ...editorProps }: TaskContentFieldProps) {
  const Editor = editor.Component;
  const errorId = useId();
  return (
    <Input.Wrapper label={label} required={required} error={error} errorProps={{ id: errorId }}>
      <Suspense fallback={<Skeleton height={250} radius="sm" aria-label="Loading editor..." />}>
        <Editor {...editorProps} label={label} invalid={Boolean(error)} describedBy={error ? errorId : undefined} />
      </Suspense>
    </Input.Wrapper>
  );
}
