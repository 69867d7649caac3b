import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { loginWithCode, setupAtLogin, startSession } from '@/app/features/auth/api/session';
import { MESSAGES } from '@/shared/messages';
import type { AuthPayload, TwoFactorChallenge } from '@/shared/schemas';
import { CodeForm } from './code-form';
import { RecoveryCodes } from './recovery-codes';
import { TotpKey } from './totp-key';

const M = MESSAGES.security;

interface LoginCodeStepProps {
  step: TwoFactorChallenge;
  /** Back to the password (an expired challenge, or another account). */
  onBack: () => void;
  onSignedIn: () => void;
}

/**
 * The sign-in's second step: a code of the app (or a recovery code). With REQUIRE_2FA and no key yet, the key
 * comes first, and after the code the new recovery codes, before the session starts.
 */
export function LoginCodeStep({ step, onBack, onSignedIn }: LoginCodeStepProps) {
  const queryClient = useQueryClient();
  const enrol = step.twoFactor === 'enrol';
  const [codes, setCodes] = useState<{ payload: AuthPayload; recoveryCodes: string[] } | null>(null);
  const setup = useQuery({
    queryKey: ['login-2fa-setup', step.challenge],
    queryFn: () => setupAtLogin(step.challenge),
    enabled: enrol,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    // The key to add to the app, before any session: never kept on the device.
    meta: { silent: true, persist: false },
  });
  const verify = useMutation({
    mutationFn: (code: string) => loginWithCode(queryClient, { challenge: step.challenge, code }),
    // A wrong code is an answer, not a lost session: the server's sentence shows as a toast.
    meta: { anonymous: true },
    onSuccess: ({ payload, recoveryCodes }) => (recoveryCodes ? setCodes({ payload, recoveryCodes }) : onSignedIn()),
    onError: (err) => console.error('Two-factor sign-in failed', err),
  });
  const finish = useMutation({
    mutationFn: (payload: AuthPayload) => startSession(queryClient, payload),
    meta: { silent: true },
    onSuccess: onSignedIn,
  });

  if (codes)
    return (
      <RecoveryCodes codes={codes.recoveryCodes} doneLabel={M.continue} onDone={() => finish.mutate(codes.payload)} />
    );

  const back = (
    <Button variant="subtle" onClick={onBack}>
      {M.backToLogin}
    </Button>
  );
  return (
    <Stack>
      <Title order={1} fz={28}>
        {M.codeStepTitle}
      </Title>
      <Text size="sm">{enrol ? M.enrolStepHelp : M.codeStepHelp}</Text>
      {enrol && setup.isPending ? <Loader size="sm" aria-label={M.setUp} /> : null}
      {enrol && setup.error ? <Alert color="red">{setup.error.message}</Alert> : null}
      {enrol && setup.data ? <TotpKey setup={setup.data} /> : null}
      {!enrol || setup.data ? (
        <CodeForm
          label={enrol ? M.appCode : M.anyCode}
          description={enrol ? undefined : M.recoveryHint}
          submitLabel={enrol ? M.turnOnAndSignIn : M.verify}
          pending={verify.isPending}
          onSubmit={(code) => verify.mutate(code)}
          aside={back}
        />
      ) : (
        back
      )}
    </Stack>
  );
}
