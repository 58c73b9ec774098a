// Amounts as the panel shows them: the currency's symbol and 2 decimals from the decimal string, and Balance
// Due orange while money is owed, green once nothing is (spec 2). No float on the way (domain money.ts).
import { Text, type TextProps } from '@mantine/core';
import { type Cents, centsOf, displayMoney } from '@crm/domain';
import classes from './services.module.css';

/** '—' for no amount (a service without a fee). */
export const moneyText = (amount: string | null, currency: string) =>
  amount === null ? '—' : displayMoney(centsOf(amount), currency);

export function BalanceDue({ cents, currency, ...props }: TextProps & { cents: Cents | undefined; currency: string }) {
  if (cents === undefined) {
    return (
      <Text {...props} className={classes.amount} c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Text {...props} className={`${classes.amount} ${cents > 0n ? classes.owing : classes.settled}`}>
      {displayMoney(cents, currency)}
    </Text>
  );
}
