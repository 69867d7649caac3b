import { Center, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useSyncState } from '@/app/lib/sync/use-sync-state';
import { MESSAGES } from '@/shared/messages';

/**
 * What covers the whole screen. Opaque, not a blurred see-through: a backdrop blur is redrawn with every frame of
 * the spinner, which took a good part of a core from the first sync in software compositing (docs/benchmarks.md).
 */
export const FULL_SCREEN_STYLE = { zIndex: 1000, background: 'var(--mantine-color-body)' } as const;

/** Covers the whole screen: the startup token login, the first sync and Reload Data. */
export function FullScreenLoader({ label, progress }: { label: string; progress?: { done: number; total: number } }) {
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null;
  return (
    <Center pos="fixed" inset={0} style={FULL_SCREEN_STYLE} role="status" aria-live="polite">
      <Stack align="center" gap="sm" w="min(20rem, 80vw)">
        <Loader size="lg" />
        <Text c="dimmed">{label}</Text>
        {progress && percent !== null ? (
          <>
            <Progress value={percent} w="100%" aria-label={label} />
            <Text size="sm" c="dimmed">
              {MESSAGES.sync.progress(progress.done, progress.total)}
            </Text>
          </>
        ) : null}
      </Stack>
    </Center>
  );
}

/** The loader of a full sync: counts the rows received so far. */
export function SyncProgressLoader({ label }: { label: string }) {
  const { progress } = useSyncState();
  return <FullScreenLoader label={label} progress={progress ?? undefined} />;
}

/**
 * In place of a screen whose list is still being read from the device: a start-up shows each screen as soon as
 * its own lists are decoded, and decodes the others after.
 */
export function ContentLoader() {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed" size="sm">
          {MESSAGES.sync.readingList}
        </Text>
      </Group>
    </Center>
  );
}
