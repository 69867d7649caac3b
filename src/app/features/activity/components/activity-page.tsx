import {
  Alert,
  Button,
  CloseButton,
  Group,
  Select,
  Text,
  TextInput,
  type ComboboxData,
  type MantineStyleProp,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch, IconWifiOff } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { ListArrival, WholeListButton } from '@/app/components/ui/list-arrival';
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
import { useOlderActivity } from '@/app/lib/activity-log';
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

/** How long typing pauses before the server is asked for the older entries that match. */
const SERVER_DEBOUNCE_MS = 300;

/**
 * Every write, login and logout, newest first: filters by admin, kind, action and dates, a search by record
 * name or email, and a CSV of what is shown. The filters live in the URL, so a filtered log survives a reload
 * and can be shared. The device holds the newest activity (the sync's window, docs/activity.md), filtered
 * here at once, offline too; online, the server adds the older entries that match, a page at a time.
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
  const [settled] = useDebouncedValue(deferred, SERVER_DEBOUNCE_MS);
  const older = useOlderActivity(settled, rows, true);
  const deviceOnly = !older.online || older.failed;
  const listed = useMemo(() => (deviceOnly ? shown : shown.concat(older.rows)), [deviceOnly, shown, older.rows]);
  const admins = useMemo(() => {
    const known = adminsOf(rows).map((a) => ({ value: a.email, label: `${a.name} (${a.email})` }));
    // An admin of older entries only (a shared link): offered as the link names them.
    return filter.admin && !known.some((a) => a.value === filter.admin)
      ? [...known, { value: filter.admin, label: filter.admin }]
      : known;
  }, [rows, filter.admin]);
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
        <WholeListButton
          lists={['activity']}
          leftSection={<IconDownload size={16} />}
          onClick={() => void downloadActivityCsv(listed)}
        >
          {M.download}
        </WholeListButton>
      </PageHeader>
      <ListArrival lists={['activity']} />
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
      {deviceOnly ? (
        <Alert variant="light" color="yellow" icon={<IconWifiOff size={16} />} mb="sm">
          {M.deviceOnly}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed" aria-live="polite" mb="sm">
        {deviceOnly ? M.count(shown.length, rows.length) : M.loaded(listed.length)}
      </Text>
      <ActivityTable rows={listed} />
      {!deviceOnly && older.mayHaveMore ? (
        <Button variant="subtle" mt="sm" loading={older.loading} onClick={() => void older.more()}>
          {M.loadOlder}
        </Button>
      ) : null}
    </>
  );
}
