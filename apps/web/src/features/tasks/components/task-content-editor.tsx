// The rich-text editor of a task or note (spec 2 §3, §9: at most 50,000 characters, at least 200 px high),
// offering only what the server keeps (spec 2 §5: paragraphs, line breaks, bold, italic, underline, lists,
// headings), so what is typed is what is saved. Loaded on its own (tiptap is large) by task-content-field.
import { Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
// The editor's colour controls come with @mantine/tiptap; only this chunk needs their styles.
import '@mantine/core/styles/ColorPicker.css';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { TASK_CONTENT_MAX } from '@crm/domain';
import { readStyleNonce } from '../../../app/csp-nonce.ts';
import classes from './tasks.module.css';

export type TaskContentEditorProps = {
  value: string;
  onChange: (html: string) => void;
  /** The field's accessible name ('Content'). */
  label: string;
  invalid: boolean;
  describedBy?: string;
  readOnly?: boolean;
  /** Shown while it is empty; the task forms' wording unless another form says otherwise. */
  placeholder?: string;
};

/** An editor with nothing typed holds one empty paragraph: the form sees that as no content. */
const EMPTY_DOCUMENT = '<p></p>';

export function TaskContentEditor({
  value,
  onChange,
  label,
  invalid,
  describedBy,
  readOnly,
  placeholder = 'Write the details of the task or note...',
}: TaskContentEditorProps) {
  const editor = useEditor({
    extensions: [
      // Only what the server keeps: no links, code, quotes, rules or strike-through.
      StarterKit.configure({
        link: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        strike: false,
        heading: { levels: [1, 2, 3] },
      }),
      CharacterCount.configure({ limit: TASK_CONTENT_MAX }),
      Placeholder.configure({ placeholder }),
    ],
    content: value,
    editable: !readOnly,
    // Under the app's Content-Security-Policy an injected <style> needs the page's nonce.
    injectNonce: readStyleNonce(),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // The form reset or reloaded the value (another save): show it, without disturbing typing.
  useEffect(() => {
    // An editor is replaced (and the old one destroyed) when it is set up again: only a live one is read.
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || EMPTY_DOCUMENT, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!readOnly);
  }, [editor, readOnly]);

  const characters = useEditorState({
    editor,
    // The count's storage appears once the editor has set its extensions up.
    selector: ({ editor: e }) =>
      (e?.storage as { characterCount?: { characters: () => number } } | undefined)?.characterCount?.characters() ?? 0,
  });

  return (
    <div>
      <RichTextEditor editor={editor} className={classes.editor} data-invalid={invalid || undefined}>
        {readOnly ? null : (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.ClearFormatting />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H1 />
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content />
      </RichTextEditor>
      {readOnly ? null : (
        <Text size="xs" c="dimmed" ta="right" mt={4} aria-live="off">
          {characters.toLocaleString('en-AU')} / {TASK_CONTENT_MAX.toLocaleString('en-AU')}
        </Text>
      )}
    </div>
  );
}
