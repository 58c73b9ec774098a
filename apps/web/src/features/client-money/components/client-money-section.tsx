// The 'Client money' section of a lead's or client's Services tab (issue 25; docs/decisions/0023): money held
// for the record and not yet earned, a ledger per currency with its balance and newest entries. Roles with
// finance:view read it; with finance:edit, on a record that may change, they record money received and
// refund it. The server decides; this mirrors it.
import { Button, EmptyState, Stack, Text } from '@mantine/core';
import { IconPlus, IconWallet } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { ClientLedger } from '@crm/domain';
import { RecordSectionHeader, sectionLoadState } from '../../../components/record-section.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import type { ClientMoneyOwner } from '../api/client-money-keys.ts';
import { useRecordClientMoney } from '../api/record-client-money.ts';
import { LedgerCard } from './ledger-card.tsx';
import { ReceiveDialog } from './receive-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';

export type ClientMoneySectionProps = {
  owner: ClientMoneyOwner;
  /** The record's full name, for the refund's confirmation. */
  name: string;
  /** Why the record cannot change (a converted lead, a reverted client), or null. */
  readOnlyReason: string | null;
};

export function ClientMoneySection({ owner, name, readOnlyReason }: ClientMoneySectionProps) {
  const { role, can } = useAuthorization();
  const money = useRecordClientMoney(owner);
  const canChange = can('finance:edit') && readOnlyReason === null;
  const [receiving, setReceiving] = useState(false);
  const [refunding, setRefunding] = useState<ClientLedger | null>(null);
  const ledgers = money.data?.ledgers ?? [];
  const updating = money.isFetching && !money.isPending;
  const reload = async () => (await money.refetch()).data;
  const titleId = useId();

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <RecordSectionHeader
        title="Client money"
        titleId={titleId}
        updating={updating}
        action={
          canChange && money.data ? (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setReceiving(true)}>
              Receive client money
            </Button>
          ) : null
        }
      />
      <Text size="sm" c="dimmed">
        Money held for this {owner.type} and not yet earned, by currency: it pays their invoices or is refunded.
      </Text>

      {sectionLoadState(money, {
        loading: 'Loading client money...',
        errorTitle: 'Error loading client money:',
        role,
      }) ??
        (ledgers.length === 0 ? (
          <EmptyState
            py={32}
            icon={<IconWallet size={28} />}
            title="No client money held"
            description={
              canChange ? 'Money received before it is earned is recorded with Receive client money.' : undefined
            }
          />
        ) : (
          ledgers.map((ledger) => (
            <LedgerCard key={ledger.id} ledger={ledger} onRefund={canChange ? () => setRefunding(ledger) : null} />
          ))
        ))}

      <ReceiveDialog
        opened={receiving}
        owner={owner}
        ledgers={ledgers}
        onReload={reload}
        onClose={() => setReceiving(false)}
      />
      <RefundDialog owner={owner} name={name} ledger={refunding} onReload={reload} onClose={() => setRefunding(null)} />
    </Stack>
  );
}
