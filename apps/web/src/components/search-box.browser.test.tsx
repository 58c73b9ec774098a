// The search box every list shares, in a real browser: typed text reaches the list after a pause or on
// Enter, trimmed; a list that keeps its search (the URL, 'Clear filters') sees the box follow it.
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { renderInApp } from '../../test/render.tsx';
import { SearchBox } from './search-box.tsx';

function List() {
  const [search, setSearch] = useState<string | undefined>();
  return (
    <>
      <SearchBox label="Search leads" placeholder="Search..." value={search} onSearch={setSearch} />
      <output aria-label="Searching for">{search === undefined ? '(nothing)' : `[${search}]`}</output>
      <button type="button" onClick={() => setSearch(undefined)}>
        Clear filters
      </button>
      <button type="button" onClick={() => setSearch('Santos')}>
        Back
      </button>
    </>
  );
}

describe('SearchBox', () => {
  it('hands the list the trimmed text, and nothing for an emptied box', async () => {
    const screen = await renderInApp(<List />);
    const box = screen.getByRole('textbox', { name: 'Search leads' });
    await userEvent.type(box, '  maria ');
    await expect.element(screen.getByLabelText('Searching for')).toHaveTextContent('[maria]');
    await expect.element(box).toHaveValue('  maria ');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await expect.element(screen.getByLabelText('Searching for')).toHaveTextContent('(nothing)');
    await expect.element(box).toHaveValue('');
  });

  it('commits at once on Enter', async () => {
    const screen = await renderInApp(<List />);
    const box = screen.getByRole('textbox', { name: 'Search leads' });
    await userEvent.type(box, 'cruz{Enter}');
    await expect.element(screen.getByLabelText('Searching for')).toHaveTextContent('[cruz]');
  });

  it('follows a search changed outside the box (the URL, Clear filters)', async () => {
    const screen = await renderInApp(<List />);
    const box = screen.getByRole('textbox', { name: 'Search leads' });
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await expect.element(box).toHaveValue('Santos');
    await userEvent.type(box, ' Reyes{Enter}');
    await expect.element(screen.getByLabelText('Searching for')).toHaveTextContent('[Santos Reyes]');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await expect.element(box).toHaveValue('');
    await expect.element(screen.getByLabelText('Searching for')).toHaveTextContent('(nothing)');
  });
});
