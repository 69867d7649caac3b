import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useOnline } from '@/app/lib/online';

/** The loader could not get the lists: usually a first visit without a network, so nothing is cached yet. */
export function LoaderError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const online = useOnline();
  console.error(error);
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
