import { Center, Loader, Stack, Text } from '@mantine/core';

/** Covers the whole screen: the startup token login and Reload Data. */
export function FullScreenLoader({ label }: { label: string }) {
  return (
    <Center
      pos="fixed"
      inset={0}
      style={{
        zIndex: 1000,
        background: 'color-mix(in srgb, var(--mantine-color-body) 85%, transparent)',
        backdropFilter: 'blur(2px)',
      }}
      role="status"
      aria-live="polite"
    >
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
