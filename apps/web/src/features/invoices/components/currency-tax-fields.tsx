// The currency and the tax switch of an invoice or a template: the switch names the currency's tax and rate
// ('Apply GST (10%)' for AUD, 'Apply VAT (12%)' for PHP), as the server will charge it.
import { Select, Switch } from '@mantine/core';
import { CURRENCIES, CURRENCY_SYMBOLS, type Currency, taxNameFor, taxRateFor } from '@crm/domain';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: `${c} (${CURRENCY_SYMBOLS[c]})` }));

type CurrencyTaxFieldsProps = {
  currency: Currency;
  applyTax: boolean;
  onCurrency: (currency: Currency) => void;
  onApplyTax: (applyTax: boolean) => void;
};

export function CurrencyTaxFields({ currency, applyTax, onCurrency, onApplyTax }: CurrencyTaxFieldsProps) {
  return (
    <>
      <Select
        label="Currency"
        data={CURRENCY_OPTIONS}
        allowDeselect={false}
        value={currency}
        onChange={(c) => c && onCurrency(c as Currency)}
      />
      <Switch
        label={`Apply ${taxNameFor(currency)} (${taxRateFor(currency)}%)`}
        checked={applyTax}
        onChange={(e) => onApplyTax(e.currentTarget.checked)}
        pb={8}
      />
    </>
  );
}
