// The money input in a real browser: what is typed stays what was typed until the field is left, a valid
// amount is then written with its cents, and nothing else is rewritten (issue 26: nothing silently changed).
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { renderInApp } from '../../test/render.tsx';
import { MoneyInput } from './money-input.tsx';

function Field({ currency = 'AUD', initial = '' }: { currency?: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MoneyInput label="Amount" currency={currency} value={value} onChange={setValue} />
      <output aria-label="Kept">{value}</output>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('MoneyInput', () => {
  it('keeps what is typed, then writes a valid amount with its cents when left', async () => {
    const screen = await renderInApp(<Field />);
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await expect.element(screen.getByText('A$')).toBeInTheDocument();
    await userEvent.type(amount, '1234.5');
    await expect.element(screen.getByLabelText('Kept')).toHaveTextContent('1234.5');
    await expect.element(amount).toHaveValue('1234.5');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await expect.element(amount).toHaveValue('1234.50');
    await expect.element(screen.getByLabelText('Kept')).toHaveTextContent('1234.50');
  });

  it('leaves text that is no amount exactly as typed, for the form to say why', async () => {
    const screen = await renderInApp(<Field currency="PHP" />);
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await expect.element(screen.getByText('₱')).toBeInTheDocument();
    await userEvent.type(amount, '12,34.5.6');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await expect.element(amount).toHaveValue('12,34.5.6');
    await userEvent.clear(amount);
    await userEvent.type(amount, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    // A negative amount is not rewritten either: the form's rule refuses it in its own words.
    await expect.element(amount).toHaveValue('-5');
  });
});
