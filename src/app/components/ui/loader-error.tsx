import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useOnline } from '@/app/lib/online';
import { useSyncState } from '@/app/lib/sync/use-sync-state';

/**
 * The loader could not get the lists: usually a first visit without a network, so nothing is cached yet. A first
 * sync goes on by itself after a back-off (docs/sync.md): once a page brings the screen's lists, the screen loads
 * again and replaces this, without a click.
 */
export function LoaderError({
  error,
  canShow,
}: ErrorComponentProps & {
  /** Whether the screen at this path can show now (its lists have begun to arrive): then it loads again. */
  canShow?: (pathname: string) => boolean;
}) {
  const router = useRouter();
  const online = useOnline();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { arrival } = useSyncState();
  const seen = useRef(arrival);
  useEffect(() => {
    if (arrival === seen.current) return;
    seen.current = arrival;
    if (canShow?.(pathname)) void router.invalidate();
  }, [arrival, canShow, pathname, router]);
  useEffect(() => console.error(error), [error]);
  return (
    <Center mih="100vh" p="md">
      <Stack maw={420}>
        <Alert
          icon={<IconWifiOff />}
          title={online ? 'The data could not be loaded' : 'You are offline'}
          color="orange"
        >
          <Text size="sm">
            {online
              ? 'The server did not answer as expected. Try again in a moment.'
              : 'This device has no saved copy of the data yet. Connect to the internet once to load it; after that it works offline.'}
          </Text>
        </Alert>
        <Button onClick={() => void router.invalidate()}>Try again</Button>
      </Stack>
    </Center>
  );
}
