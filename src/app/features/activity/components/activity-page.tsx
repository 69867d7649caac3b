import {
  Button,
  CloseButton,
  Group,
  Select,
  Text,
  TextInput,
  type ComboboxData,
  type MantineStyleProp,
} from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { PageHeader } from '@/app/components/ui/page-header';
import {
  adminsOf,
  buildActivityIndex,
  filterActivity,
  filterOfSearch,
  NO_FILTER,
  searchOfFilter,
  type ActivityFilter,
} from '@/app/features/activity/activity-filter';
import { activityQuery } from '@/app/features/activity/api/get-activity';
import { downloadActivityCsv } from '@/app/features/activity/csv';
import { useUrlState } from '@/app/lib/url-state';
import { ACTIVITY_ACTIONS, ACTIVITY_KINDS } from '@/shared/activity-kinds';
import { MESSAGES } from '@/shared/messages';
import { ActivityTable } from './activity-table';

const M = MESSAGES.activity;
const KIND_OPTIONS = ACTIVITY_KINDS.map((k) => ({ value: k, label: M.kinds[k] ?? k }));
const ACTION_OPTIONS = ACTIVITY_ACTIONS.map((a) => ({ value: a, label: M.actions[a] ?? a }));
const route = getRouteApi('/_authed/activity/');
const filterKey = (f: ActivityFilter) => JSON.stringify(searchOfFilter(f));

/** A day the log is filtered from or to; the other end of the range bounds it. */
function DateFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      type="date"
      label={label}
      value={value}
      min={min || undefined}
      max={max || undefined}
      onChange={(e) => onChange(e.currentTarget.value)}
      style={{ flex: '0 1 140px' }}
    />
  );
}

/**
 * Every write, login and logout, newest first (from the synced device copy, offline too): filters by admin,
 * kind, action and dates, a search by record name or email, and a CSV of what is shown. The filters live in
 * the URL, so a filtered log survives a reload and can be shared.
 */
export function ActivityPage() {
  const { data: rows } = useSuspenseQuery(activityQuery);
  const navigate = route.useNavigate();
  const writeUrl = useCallback(
    (f: ActivityFilter) => void navigate({ search: searchOfFilter(f), replace: true }),
    [navigate],
  );
  const [filter, setFilter] = useUrlState(filterOfSearch(route.useSearch()), writeUrl, filterKey);
  const set = (change: Partial<ActivityFilter>) => setFilter({ ...filter, ...change });

  // Typing stays instant: the filter runs on a deferred copy over an index built once per list.
  const deferred = useDeferredValue(filter);
  const index = useMemo(() => buildActivityIndex(rows), [rows]);
  const shown = useMemo(() => filterActivity(rows, index, deferred), [rows, index, deferred]);
  const admins = useMemo(
    () => adminsOf(rows).map((a) => ({ value: a.email, label: `${a.name} (${a.email})` })),
    [rows],
  );
  const filtered = Object.entries(filter).some(([, v]) => v);
  const selects: {
    key: 'admin' | 'kind' | 'action';
    label: string;
    data: ComboboxData;
    searchable?: boolean;
    style: MantineStyleProp;
  }[] = [
    { key: 'admin', label: M.admin, data: admins, searchable: true, style: { flex: '1 1 160px', maxWidth: 280 } },
    { key: 'kind', label: M.kind, data: KIND_OPTIONS, style: { flex: '1 1 120px', maxWidth: 190 } },
    { key: 'action', label: M.action, data: ACTION_OPTIONS, style: { flex: '1 1 120px', maxWidth: 190 } },
  ];

  return (
    <>
      <PageHeader title={M.title}>
        <Button leftSection={<IconDownload size={16} />} onClick={() => void downloadActivityCsv(shown)}>
          {M.download}
        </Button>
      </PageHeader>
      <Group align="flex-end" mb="sm" gap="sm">
        <TextInput
          type="search"
          label={M.searchLabel}
          placeholder={M.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          rightSection={
            filter.q ? <CloseButton size="sm" aria-label={M.clearSearch} onClick={() => set({ q: '' })} /> : null
          }
          value={filter.q}
          onChange={(e) => set({ q: e.currentTarget.value })}
          style={{ flex: '1 1 280px', maxWidth: 380 }}
        />
        {selects.map(({ key, ...props }) => (
          <Select
            key={key}
            {...props}
            placeholder={M.any}
            value={filter[key]}
            onChange={(value) => set({ [key]: value })}
            clearable
            allowDeselect
          />
        ))}
        <DateFilter label={M.from} value={filter.from} max={filter.to} onChange={(from) => set({ from })} />
        <DateFilter label={M.to} value={filter.to} min={filter.from} onChange={(to) => set({ to })} />
        {filtered ? (
          <Button variant="subtle" onClick={() => setFilter(NO_FILTER)}>
            {M.clearFilters}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite" mb="sm">
        {M.count(shown.length, rows.length)}
      </Text>
      <ActivityTable rows={shown} />
    </>
  );
}
