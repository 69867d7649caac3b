import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable, type Column, type TableView } from '@/app/components/ui/data-table';
import { PageHeader } from '@/app/components/ui/page-header';
import { WriteButton } from '@/app/components/ui/write-controls';
import { endOtherSessions, endSessionOn, sessionsQuery } from '@/app/features/auth/api/account';
import { deviceName } from '@/app/features/auth/device-name';
import { confirmWrite } from '@/app/lib/confirm';
import { formatDateTime } from '@/app/lib/format';
import { MESSAGES } from '@/shared/messages';
import type { SessionInfo } from '@/shared/schemas';

const M = MESSAGES.security;

/** The devices signed in to this admin's account; any but this one can be ended, one or all at once. */
export function SessionsPage() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
  const endOne = useMutation({ mutationFn: endSessionOn, onSettled: refresh });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSettled: refresh });

  const { mutate: end } = endOne;
  const view = useMemo(() => sessionsView(end), [end]);
  const confirmEndOthers = async () => {
    const ok = await confirmWrite({ title: M.endOthersTitle, text: M.endOthersText, confirmText: M.endOthers });
    if (ok) endOthers.mutate();
  };

  const others = sessions.data?.data.filter((x) => !x.current).length ?? 0;

  return (
    <Stack>
      <PageHeader title={M.sessionsTitle}>
        <WriteButton color="red" variant="light" disabled={others === 0} onClick={() => void confirmEndOthers()}>
          {M.endOthers}
        </WriteButton>
      </PageHeader>
      {sessions.data ? <Text size="sm">{M.sessionsHelp(sessions.data.idleDays, sessions.data.maxDays)}</Text> : null}
      {sessions.isPending ? <Loader aria-label={M.sessionsTitle} /> : null}
      {sessions.error ? <Alert color="red">{M.needsConnection}</Alert> : null}
      {sessions.data ? <DataTable view={view} rows={sessions.data.data} /> : null}
    </Stack>
  );
}

async function confirmEnd(session: SessionInfo, onEnd: (id: string) => void) {
  const device = deviceName(session.userAgent);
  if (await confirmWrite({ title: M.endOneTitle, text: M.endOneText(device), confirmText: M.endSession }))
    onEnd(session._id);
}

/** The table of sessions; `onEnd` ends one (after its confirmation). */
function sessionsView(onEnd: (id: string) => void): TableView<SessionInfo> {
  const columns: Column<SessionInfo>[] = [
    {
      key: 'device',
      header: M.device,
      render: (x) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            {deviceName(x.userAgent)}
          </Text>
          {x.current ? (
            <Badge variant="light" color="green">
              {M.thisDevice}
            </Badge>
          ) : null}
        </Group>
      ),
    },
    { key: 'ip', header: M.address, width: 170, render: (x) => <Text size="sm">{x.ip}</Text> },
    {
      key: 'started',
      header: M.started,
      width: 190,
      render: (x) => <Text size="sm">{formatDateTime(x.startedAt)}</Text>,
    },
    {
      key: 'used',
      header: M.lastUsed,
      width: 190,
      render: (x) => <Text size="sm">{formatDateTime(x.lastUsedAt)}</Text>,
    },
    {
      key: 'end',
      header: M.actions,
      width: 90,
      render: (x) =>
        x.current ? null : (
          <WriteButton
            size="compact-sm"
            variant="light"
            color="red"
            aria-label={M.endSessionOf(deviceName(x.userAgent))}
            onClick={() => void confirmEnd(x, onEnd)}
          >
            {M.endSession}
          </WriteButton>
        ),
    },
  ];
  return {
    columns,
    emptyText: M.noSessions,
    rowLabel: (x) => deviceName(x.userAgent),
    caption: M.sessionsTitle,
  };
}
