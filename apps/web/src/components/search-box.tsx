// The search box of a list kept in the page's state: typed text is committed after a pause (or on Enter),
// and the clear button empties it at once. Lists whose search lives in the URL follow the URL instead.
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

type SearchBoxProps = {
  label: string;
  placeholder: string;
  /** The trimmed text, or undefined when the box is empty. */
  onSearch: (search: string | undefined) => void;
  maxWidth?: number;
};

export function SearchBox({ label, placeholder, onSearch, maxWidth = 360 }: SearchBoxProps) {
  const [text, setText] = useState('');
  const commit = useDebouncedCallback((value: string) => onSearch(value.trim() || undefined), SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      style={{ flex: '1 1 220px', maxWidth }}
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
              onSearch(undefined);
            }}
          />
        ) : null
      }
    />
  );
}
