import { Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useRegisterSW } from 'virtual:pwa-register/react';

const TOAST_ID = 'pwa-update';

/** A new version waits in the service worker: a toast offers to reload into it. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (err) => console.error('Service worker registration failed', err),
  });

  useEffect(() => {
    if (!needRefresh) return;
    toast(
      () => (
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">A new version of Coursedesk is ready.</Text>
          <Button size="xs" onClick={() => void updateServiceWorker(true)}>
            Reload
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              setNeedRefresh(false);
              toast.dismiss(TOAST_ID);
            }}
          >
            Later
          </Button>
        </Group>
      ),
      { id: TOAST_ID, duration: Infinity },
    );
  }, [needRefresh, setNeedRefresh, updateServiceWorker]);

  return null;
}
