import { Group, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { BulkActions, type BulkTarget } from '@/app/components/ui/bulk-actions';
import { DataTable, rowNumberColumn, type Column, type TableView } from '@/app/components/ui/data-table';
import { PageHeader } from '@/app/components/ui/page-header';
import { recordId, useRowSelection } from '@/app/components/ui/row-selection';
import { servicesQuery } from '@/app/features/services/api/get-services';
import { formatDate, formatMoney } from '@/app/lib/format';
import { SERVICE_BULK_ACTIONS } from '@/shared/bulk-actions';
import { MESSAGES } from '@/shared/messages';
import type { Service } from '@/shared/schemas';
import { DeleteServiceButton, ServiceStatusBadge, VerifyServiceButton } from './service-actions';

const columns: Column<Service>[] = [
  rowNumberColumn('No.'),
  {
    key: 'service',
    header: 'Service',
    render: (s) => (
      <Stack gap={0} miw={170}>
        <Text size="sm" fw={500} lineClamp={1}>
          {s.serviceDetails.title}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDate(s.createdAt)}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'customer',
    header: 'Customer',
    render: (s) => (
      <Stack gap={0} miw={180}>
        <Text size="sm" lineClamp={1}>
          {s.userDetails.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {s.userDetails.email}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    width: 140,
    render: (s) => (
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(s.amount, s.currency)}
      </Text>
    ),
  },
  { key: 'status', header: 'Status', width: 110, render: (s) => <ServiceStatusBadge service={s} /> },
  {
    key: 'actions',
    header: 'Actions',
    width: 176,
    render: (s) => (
      <Group gap="xs" wrap="nowrap">
        <VerifyServiceButton service={s} />
        <DeleteServiceButton service={s} compact />
      </Group>
    ),
  },
];

const selectLabel = (s: Service) => MESSAGES.bulk.selectService(s.serviceDetails.title, s.userDetails.name);
const BULK: BulkTarget<Service> = {
  list: servicesQuery,
  actions: SERVICE_BULK_ACTIONS,
  noun: 'service purchase',
  // What the bulk route writes: a row already in the asked state is not written.
  verify: (s, on, at) => (s.isVerified === on ? s : { ...s, isVerified: on, updatedAt: at }),
  name: (s) => `${s.serviceDetails.title} · ${s.userDetails.name}`,
};

const view: TableView<Service> = {
  columns,
  rowLabel: (s) => `Open service ${s.serviceDetails.title} of ${s.userDetails.name}`,
  rowLink: (s) => ({ to: '/services/$id', params: { id: s._id } }),
  emptyText: MESSAGES.services.empty,
  rowHeight: 60,
};

export function ServicesPage() {
  const { data: services } = useSuspenseQuery(servicesQuery);
  const pending = services.filter((s) => !s.isVerified).length;
  const selection = useRowSelection(services, recordId, selectLabel);
  return (
    <>
      <PageHeader title="Services" />
      <Text size="sm" c="dimmed" mb="md" mt={-8}>
        {MESSAGES.count.purchases(services.length)} · {MESSAGES.count.pending(pending)}
      </Text>
      <BulkActions selection={selection} target={BULK} />
      <DataTable view={view} rows={services} selection={selection} />
    </>
  );
}
