// The date field in a real browser, in the firm's date format as the real server stores it: a date typed
// by hand is handed to the form as 'YYYY-MM-DD' and shown in the firm's format once the field is left;
// text that is no date is handed on as typed and stays on screen (issue 26: nothing typed is dropped).
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { formatDate } from '@crm/domain';
import { renderInApp, signInAs } from '../../test/render.tsx';
import { answer, server } from '../lib/api-client.ts';
import { DateField } from './date-field.tsx';

function Field() {
  const [value, setValue] = useState('');
  return (
    <>
      <DateField kind="document" label="Visa expiry" value={value} onChange={setValue} />
      <output aria-label="Handed to the form">{value}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('DateField', () => {
  beforeAll(() => signInAs('administrator'));

  it('reads a typed date in the firm’s order and shows it in the firm’s format once left', async () => {
    const setting = await answer(server.GET('/api/settings/display'));
    const screen = await renderInApp(<Field />);
    const field = screen.getByRole('textbox', { name: 'Visa expiry' });
    // The firm's format arrives from the server first (the placeholder shows it).
    await expect.element(field).toHaveAttribute('placeholder', setting.dateFormat);
    const dayFirst = setting.dateFormat !== 'MM/DD/YYYY';
    await userEvent.type(field, dayFirst ? '3/4/2031' : '4/3/2031');
    await expect.element(screen.getByLabelText('Handed to the form')).toHaveTextContent('2031-04-03');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await expect.element(field).toHaveValue(formatDate('2031-04-03', setting));
  });

  it('hands on text that is no date as typed, and keeps it on screen', async () => {
    const screen = await renderInApp(<Field />);
    const field = screen.getByRole('textbox', { name: 'Visa expiry' });
    await userEvent.type(field, '31/02/2031');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await expect.element(field).toHaveValue('31/02/2031');
    await expect.element(screen.getByLabelText('Handed to the form')).toHaveTextContent('31/02/2031');
  });
});
