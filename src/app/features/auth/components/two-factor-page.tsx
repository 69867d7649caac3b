import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '@/app/components/ui/page-header';
import { WriteButton } from '@/app/components/ui/write-controls';
import {
  disableTwoFactor,
  enableTwoFactor,
  newRecoveryCodes,
  setUpTwoFactor,
  twoFactorQuery,
} from '@/app/features/auth/api/account';
import { MESSAGES } from '@/shared/messages';
import type { TwoFactorSetup } from '@/shared/schemas';
import { CodeForm } from './code-form';
import { RecoveryCodes } from './recovery-codes';
import { TotpKey } from './totp-key';

const M = MESSAGES.security;

/** Two-factor sign-in of the signed-in admin: set it up (QR code and key), see the codes left, turn it off. */
export function TwoFactorPage() {
  const queryClient = useQueryClient();
  const status = useQuery(twoFactorQuery);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey });

  const start = useMutation({ mutationFn: setUpTwoFactor, onSuccess: setSetup });
  const enable = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (reply) => {
      setSetup(null);
      setCodes(reply.data.recoveryCodes);
      void refresh();
    },
  });
  const regenerate = useMutation({
    mutationFn: newRecoveryCodes,
    onSuccess: (reply) => {
      setCodes(reply.data.recoveryCodes);
      void refresh();
    },
  });
  const disable = useMutation({ mutationFn: disableTwoFactor, onSuccess: () => void refresh() });

  const body = () => {
    if (codes) return <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
    if (status.isPending) return <Loader aria-label={M.twoFactorTitle} />;
    if (status.error) return <Alert color="red">{M.needsConnection}</Alert>;
    const { enabled, required, recoveryCodesLeft } = status.data;
    const requiredNote = required ? <Text size="sm">{M.twoFactorRequired}</Text> : null;
    if (enabled)
      return (
        <>
          <Alert color="green" variant="light">
            <Text size="sm">{M.twoFactorOn}</Text>
            <Text size="sm">{M.codesLeft(recoveryCodesLeft)}</Text>
          </Alert>
          {requiredNote}
          <Section title={M.newCodesTitle} help={M.newCodesHelp}>
            <CodeForm
              label={M.anyCode}
              submitLabel={M.makeCodes}
              pending={regenerate.isPending}
              onSubmit={(code) => regenerate.mutate(code)}
            />
          </Section>
          <Section title={M.turnOffTitle} help={M.turnOffHelp}>
            <CodeForm
              label={M.anyCode}
              submitLabel={M.turnOff}
              pending={disable.isPending}
              onSubmit={(code) => disable.mutate(code)}
            />
          </Section>
        </>
      );
    if (setup)
      return (
        <Section title={M.setUp}>
          <TotpKey setup={setup} />
          <CodeForm
            label={M.appCode}
            submitLabel={M.turnOn}
            pending={enable.isPending}
            onSubmit={(code) => enable.mutate(code)}
            aside={
              <Button variant="subtle" onClick={() => setSetup(null)}>
                {M.cancel}
              </Button>
            }
          />
        </Section>
      );
    return (
      <>
        <Text size="sm">{M.twoFactorOff}</Text>
        {requiredNote}
        <div>
          <WriteButton onClick={() => start.mutate()} loading={start.isPending}>
            {M.setUp}
          </WriteButton>
        </div>
      </>
    );
  };

  return (
    <Stack maw={720}>
      <PageHeader title={M.twoFactorTitle} />
      {body()}
    </Stack>
  );
}

function Section({ title, help, children }: { title: string; help?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {help ? <Text size="sm">{help}</Text> : null}
        {children}
      </Stack>
    </Paper>
  );
}
