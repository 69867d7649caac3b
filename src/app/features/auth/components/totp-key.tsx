import { Button, Code, CopyButton, Group, Image, Stack, Text } from '@mantine/core';
import { MESSAGES } from '@/shared/messages';
import type { TwoFactorSetup } from '@/shared/schemas';

const M = MESSAGES.security;

/** A new key for the authenticator app: its QR code (the server draws it) and the same key as text. */
export function TotpKey({ setup }: { setup: TwoFactorSetup }) {
  // Four-letter groups read and type more easily; the app ignores the spaces.
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <Stack gap="sm">
      <Text size="sm">{M.scan}</Text>
      <Image
        src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
        alt={M.qrAlt}
        w={200}
        h={200}
        radius="sm"
        bg="white"
      />
      <Group gap="xs" align="center">
        <Text size="sm" fw={500} id="totp-key-label">
          {M.keyLabel}
        </Text>
        <Code aria-labelledby="totp-key-label" fz="sm" style={{ wordBreak: 'break-all' }}>
          {grouped}
        </Code>
        <CopyButton value={setup.secret}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="light" onClick={copy}>
              {copied ? M.copied : M.copyKey}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
