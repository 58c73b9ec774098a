// The record's services as cards (Grid) or as a table (List), each with its figures, badges, dates,
// tuition terms, evidence thumbnail and the actions the user may take.
import { ActionIcon, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { centsOf, INVOICE_STATUS_LABELS, type ServiceInvoice, type ServiceRecord } from '@crm/domain';
import { useDateFormat } from '../../../lib/format.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { EvidenceThumbnail } from './evidence-thumbnail.tsx';
import { PaymentStatusBadge, ServiceStatusBadge, TermStatusBadge, TransferredBadge } from './service-badges.tsx';
import { BalanceDue, moneyText } from './service-money.tsx';
import classes from './services.module.css';

type ItemsProps = {
  services: readonly ServiceRecord[];
  readOnly: boolean;
  /** The role may delete the record's services (mayDeleteService) and the record is not read-only. */
  canDelete: boolean;
  onOpen: (service: ServiceRecord) => void;
  onDelete: (service: ServiceRecord) => void;
  /** The invoices that bill a service (Finance roles; empty for the others). */
  invoicesOf: (serviceId: string) => ServiceInvoice[];
};

/** 'Billed on INV-0042 · Paid' for each invoice that bills the service (beyond the spec). */
function BilledBy({ invoices }: { invoices: ServiceInvoice[] }) {
  if (invoices.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" data-testid="service-billed">
      {invoices.map((b) => (
        <Badge key={b.invoiceId} size="xs" variant="light" color="gray" tt="none" radius="sm">
          Billed on {b.invoiceNumber} · {INVOICE_STATUS_LABELS[b.status]}
        </Badge>
      ))}
    </Group>
  );
}

function ItemActions({
  service,
  readOnly,
  canDelete,
  onOpen,
  onDelete,
}: Omit<ItemsProps, 'services' | 'invoicesOf'> & { service: ServiceRecord }) {
  const open = readOnly ? 'View' : 'Edit';
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={`${open} service`}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`${open} service ${service.serviceName}`}
          onClick={() => onOpen(service)}
        >
          {readOnly ? <IconEye size={18} /> : <IconPencil size={18} />}
        </ActionIcon>
      </Tooltip>
      {canDelete ? (
        <Tooltip label="Delete service">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete service ${service.serviceName}`}
            onClick={() => onDelete(service)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

function Badges({ service }: { service: ServiceRecord }) {
  return (
    <Group gap={6} wrap="wrap">
      <ServiceStatusBadge status={service.serviceStatus} />
      <PaymentStatusBadge status={service.paymentStatus} />
      {service.transferredFrom ? <TransferredBadge /> : null}
    </Group>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

export function ServiceGrid({ services, readOnly, canDelete, onOpen, onDelete, invoicesOf }: ItemsProps) {
  const { formatDate } = useDateFormat();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      {services.map((service) => (
        <Card
          key={service.id}
          withBorder
          radius="md"
          padding="sm"
          className={classes.card}
          component="article"
          aria-label={service.serviceName}
          data-testid="service-item"
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={6} miw={0}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {service.serviceName}
              </Text>
              <Badges service={service} />
              <BilledBy invoices={invoicesOf(service.id)} />
            </Stack>
            {service.hasPaymentEvidence ? (
              <EvidenceThumbnail serviceId={service.id} version={service.version} serviceName={service.serviceName} />
            ) : null}
          </Group>
          {service.serviceDescription ? (
            <Text size="sm" c="dimmed" className={classes.description}>
              {service.serviceDescription}
            </Text>
          ) : null}
          <div className={classes.figures}>
            <Figure label="Fee">
              <Text size="sm" fw={600} className={classes.amount}>
                {moneyText(service.serviceFee, service.currency)}
              </Text>
            </Figure>
            <Figure label="Paid">
              <Text size="sm" fw={600} className={classes.amount}>
                {moneyText(service.paidAmount, service.currency)}
              </Text>
            </Figure>
            <Figure label="Balance Due">
              <BalanceDue size="sm" fw={600} cents={centsOf(service.balanceDue)} currency={service.currency} />
            </Figure>
          </div>
          {service.startDate || service.completionDate ? (
            <Text size="xs" c="dimmed">
              Start {formatDate(service.startDate)} · Completion {formatDate(service.completionDate)}
            </Text>
          ) : null}
          {service.tuitionTerms.length > 0 ? <TermsSummary service={service} /> : null}
          <Group justify="space-between" className={classes.cardActions} gap="xs">
            <Text size="xs" c="dimmed">
              Added {formatDate(service.createdAt)}
            </Text>
            <ItemActions
              service={service}
              readOnly={readOnly}
              canDelete={canDelete}
              onOpen={onOpen}
              onDelete={onDelete}
            />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The terms of a tuition service: name, amount, due date and status (spec 2: Paid, Overdue or other). */
function TermsSummary({ service }: { service: ServiceRecord }) {
  const { formatDate } = useDateFormat();
  return (
    <Stack gap={4} role="list" aria-label={`Payment terms of ${service.serviceName}`}>
      {service.tuitionTerms.map((term) => (
        <Group key={term.termNumber} justify="space-between" gap={6} wrap="nowrap" role="listitem">
          <Text size="xs" truncate="end" miw={0}>
            {term.termName}
            <Text span size="xs" c="dimmed">
              {' · '}
              {moneyText(term.amount, service.currency)}
              {term.dueDate ? ` · due ${formatDate(term.dueDate)}` : ''}
            </Text>
          </Text>
          <TermStatusBadge status={term.status} size="xs" />
        </Group>
      ))}
    </Stack>
  );
}

export function ServiceTable({ services, readOnly, canDelete, onOpen, onDelete, invoicesOf }: ItemsProps) {
  const { formatDate } = useDateFormat();
  const phone = usePhoneLayout();
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : 760}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Services">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Service</Table.Th>
            {phone ? null : (
              <>
                <Table.Th>Status</Table.Th>
                <Table.Th>Payment</Table.Th>
                <Table.Th ta="right">Fee</Table.Th>
                <Table.Th ta="right">Paid</Table.Th>
              </>
            )}
            <Table.Th ta="right">Balance Due</Table.Th>
            {phone ? null : <Table.Th>Start</Table.Th>}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.map((service) => (
            <Table.Tr key={service.id} data-testid="service-item" aria-label={service.serviceName}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  {service.hasPaymentEvidence && !phone ? (
                    <EvidenceThumbnail
                      serviceId={service.id}
                      version={service.version}
                      serviceName={service.serviceName}
                    />
                  ) : null}
                  <Stack gap={4} miw={0}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {service.serviceName}
                    </Text>
                    {phone ? <Badges service={service} /> : service.transferredFrom ? <TransferredBadge /> : null}
                    <BilledBy invoices={invoicesOf(service.id)} />
                    {service.tuitionTerms.length > 0 ? (
                      <Text size="xs" c="dimmed">
                        {service.tuitionTerms.length} payment term{service.tuitionTerms.length === 1 ? '' : 's'}
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Table.Td>
              {phone ? null : (
                <>
                  <Table.Td>
                    <ServiceStatusBadge status={service.serviceStatus} />
                  </Table.Td>
                  <Table.Td>
                    <PaymentStatusBadge status={service.paymentStatus} />
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {moneyText(service.serviceFee, service.currency)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.amount}>
                    {moneyText(service.paidAmount, service.currency)}
                  </Table.Td>
                </>
              )}
              <Table.Td ta="right">
                <BalanceDue size="sm" cents={centsOf(service.balanceDue)} currency={service.currency} />
              </Table.Td>
              {phone ? null : <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(service.startDate)}</Table.Td>}
              <Table.Td>
                <ItemActions
                  service={service}
                  readOnly={readOnly}
                  canDelete={canDelete}
                  onOpen={onOpen}
                  onDelete={onDelete}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
