import { Group, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { BulkActions, type BulkTarget } from '@/app/components/ui/bulk-actions';
import { DataTable, rowNumberColumn, type Column, type TableView } from '@/app/components/ui/data-table';
import { EmailText } from '@/app/components/ui/email-text';
import { ListArrival, useSelectAllWaits } from '@/app/components/ui/list-arrival';
import { ListFilters, useListState, useShownRows } from '@/app/components/ui/list-filters';
import { PageHeader } from '@/app/components/ui/page-header';
import { recordId, useRowSelection } from '@/app/components/ui/row-selection';
import { servicesQuery } from '@/app/features/services/api/get-services';
import { SERVICE_STATUSES as STATUSES } from '@/app/features/services/services-search';
import { formatDate, formatMoney } from '@/app/lib/format';
import type { ListSearch } from '@/app/lib/list-search';
import { API_ROUTES } from '@/shared/api-routes';
import { SERVICE_BULK_ACTIONS } from '@/shared/bulk-actions';
import { MESSAGES } from '@/shared/messages';
import type { Service } from '@/shared/schemas';
import { DeleteServiceButton, ServiceStatusBadge, VerifyServiceButton } from './service-actions';

const L = MESSAGES.lists;

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
    sortValue: (s) => s.serviceDetails.title,
  },
  {
    key: 'customer',
    header: 'Customer',
    render: (s) => (
      <Stack gap={0} miw={180}>
        <Text size="sm" lineClamp={1}>
          {s.userDetails.name}
        </Text>
        <EmailText size="xs" c="dimmed" email={s.userDetails.email} />
      </Stack>
    ),
    sortValue: (s) => s.userDetails.name,
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
    sortValue: (s) => s.amount,
  },
  {
    key: 'status',
    header: 'Status',
    width: 120,
    render: (s) => <ServiceStatusBadge service={s} />,
    // Pending first when ascending: the work waiting.
    sortValue: (s) => (s.isVerified ? 1 : 0),
  },
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
  route: API_ROUTES.servicesBulk,
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

const KEEP = { pending: (s: Service) => !s.isVerified, verified: (s: Service) => s.isVerified };
const SORT_KEYS = columns.filter((c) => c.sortValue).map((c) => c.key);
const searchText = (s: Service) =>
  `${s.serviceDetails.title}\n${s.userDetails.name}\n${s.userDetails.email}\n${s.transactionId ?? ''}`;
const route = getRouteApi('/_authed/services/');

export function ServicesPage() {
  const { data: services } = useSuspenseQuery(servicesQuery);
  const navigate = route.useNavigate();
  const write = useCallback((next: ListSearch) => void navigate({ search: next, replace: true }), [navigate]);
  const [state, set] = useListState(route.useSearch(), write, SORT_KEYS);
  // Typing stays instant: the order and the filter run on a deferred copy.
  const deferred = useDeferredValue(state);
  const pending = useMemo(() => services.filter((s) => !s.isVerified).length, [services]);
  const keep = deferred.status === 'pending' || deferred.status === 'verified' ? KEEP[deferred.status] : null;
  const shown = useShownRows(services, columns, searchText, deferred, keep);
  const selection = useRowSelection(
    shown,
    recordId,
    selectLabel,
    `${deferred.q.trim().toLowerCase()}\n${deferred.status}`,
    useSelectAllWaits('services'),
  );
  return (
    <>
      <PageHeader title="Services" />
      <Text size="sm" c="dimmed" mb="md" mt={-8}>
        {MESSAGES.count.purchases(services.length)} · {MESSAGES.count.pending(pending)}
      </Text>
      <ListArrival lists={['services']} />
      <ListFilters
        label={L.searchServices}
        placeholder={L.servicesPlaceholder}
        state={state}
        set={set}
        statuses={STATUSES}
        count={L.purchasesShown(shown.length, services.length)}
      />
      <BulkActions selection={selection} target={BULK} />
      <DataTable view={view} rows={shown} selection={selection} sort={state.sort} onSort={(sort) => set({ sort })} />
    </>
  );
}
