import { Group, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DataTable, type Column } from '@/app/components/ui/data-table';
import { PageHeader } from '@/app/components/ui/page-header';
import { servicesQuery } from '@/app/features/services/api/get-services';
import { formatDate, formatMoney } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import type { Service } from '@/shared/schemas';
import { DeleteServiceButton, ServiceStatusBadge, VerifyServiceButton } from './service-actions';

const columns: Column<Service>[] = [
  {
    key: 'no',
    header: 'No.',
    width: 64,
    render: (_s, i) => (
      <Text c="dimmed" size="sm">
        {i + 1}
      </Text>
    ),
  },
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

export function ServicesPage() {
  const { data: services } = useSuspenseQuery(servicesQuery);
  const navigate = useNavigate();
  const pending = services.filter((s) => !s.isVerified).length;
  return (
    <>
      <PageHeader title="Services" />
      <Text size="sm" c="dimmed" mb="md" mt={-8}>
        {services.length} {services.length === 1 ? 'purchase' : 'purchases'} · {pending} pending approval
      </Text>
      <DataTable
        columns={columns}
        rows={services}
        rowKey={(s) => s._id}
        rowLabel={(s) => `Open service ${s.serviceDetails.title} of ${s.userDetails.name}`}
        onRowClick={(s) => void navigate({ to: '/services/$id', params: { id: s._id } })}
        emptyText={MESSAGES.services.empty}
        rowHeight={60}
      />
    </>
  );
}
