// The search box of every list: typed text is committed after a pause (or on Enter), and the clear button
// empties it at once. A list that keeps its search elsewhere (the URL, a filters object with 'Clear
// filters') passes it as `value`, and the box follows it when it changes from outside (back button, a
// cleared filter); a list that does not leaves `value` out and the box keeps its own text.
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

type SearchBoxProps = {
  label: string;
  placeholder: string;
  /** The search the list is showing, when the list keeps it (undefined: none). */
  value?: string;
  /** The trimmed text, or undefined when the box is empty. */
  onSearch: (search: string | undefined) => void;
  maxWidth?: number;
  /** Replaces the default flexible width. */
  className?: string;
};

export function SearchBox({ label, placeholder, value, onSearch, maxWidth = 360, className }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  // What the box last handed the list: that coming back as `value` is not a change from outside.
  const committed = useRef(value);
  const commit = useDebouncedCallback((typed: string) => {
    committed.current = typed.trim() || undefined;
    onSearch(committed.current);
  }, SEARCH_DEBOUNCE_MS);
  // The list's search changed from outside: show it, and drop text typed but not yet committed.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    commit.cancel();
    setText(value ?? '');
  }, [value, commit]);
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      className={className}
      style={className ? undefined : { flex: '1 1 220px', maxWidth }}
      onChange={(e) => {
        setText(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit.flush();
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              commit.cancel();
              setText('');
              committed.current = undefined;
              onSearch(undefined);
            }}
          />
        ) : null
      }
    />
  );
}
