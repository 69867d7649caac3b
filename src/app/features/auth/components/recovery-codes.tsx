import { Alert, Button, Code, CopyButton, Group, List, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@/shared/messages';

const M = MESSAGES.security;

/** The ten recovery codes, shown once after they are made; `onDone` when the admin says they are saved. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = M.codesSaved,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {M.codesTitle}
      </Title>
      <Alert color="yellow" variant="light">
        <Text size="sm">{M.codesHelp}</Text>
      </Alert>
      <List listStyleType="none" spacing={4} style={{ columns: 2, columnGap: 24 }} aria-label={M.codesTitle}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? M.copied : M.copyCodes}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{doneLabel}</Button>
      </Group>
    </Stack>
  );
}
