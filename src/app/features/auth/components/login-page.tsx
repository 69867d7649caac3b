import { Button, Center, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { MAIN_ID } from '@/app/components/ui/skip-link';
import { loginAdmin } from '@/app/features/auth/api/session';
import { safeRedirect } from '@/app/features/auth/safe-redirect';
import { warmUpAfterLogin } from '@/app/features/auth/warm-up';
import { zodValidate } from '@/app/lib/form';
import { MESSAGES } from '@/shared/messages';
import { loginBody, type LoginBody } from '@/shared/schemas/auth';
import type { TwoFactorChallenge } from '@/shared/schemas/security';

/** Only admins with two-factor sign-in reach the code step: it loads then, not with the login's first screen. */
const LoginCodeStep = lazy(() => import('./login-code-step').then((m) => ({ default: m.LoginCodeStep })));

export function LoginPage() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { redirect } = useSearch({ from: '/login' });
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm<LoginBody>({ initialValues: { email: '', password: '' }, validate: zodValidate(loginBody) });
  const [step, setStep] = useState<TwoFactorChallenge | null>(null);
  const signedIn = () => router.history.push(safeRedirect(redirect));
  const login = useMutation({
    mutationFn: (body: LoginBody) => loginAdmin(queryClient, body),
    meta: { anonymous: true },
    onSuccess: (challenge) => (challenge ? setStep(challenge) : signedIn()),
    // A failed login is only logged (docs/choices.md, Login failures); the server's message still shows as the generic error toast.
    onError: (err) => console.error('Login failed', err),
  });

  return (
    <Center component="main" id={MAIN_ID} tabIndex={-1} mih="100dvh" p="md">
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={step ? 480 : 420}>
        {step ? (
          <Suspense fallback={<Loader size="sm" aria-label={MESSAGES.security.codeStepTitle} />}>
            <LoginCodeStep step={step} onBack={() => setStep(null)} onSignedIn={signedIn} />
          </Suspense>
        ) : null}
        <form
          hidden={step !== null}
          onSubmit={form.onSubmit((v) => login.mutate(v))}
          // Not at mount: a visit that never logs in (and the first-load budget) loads only the login's code.
          onFocus={() => warmUpAfterLogin(router, safeRedirect(redirect))}
          noValidate
        >
          <Stack>
            <div>
              <img src="/favicon.svg" alt="" width={44} height={44} style={{ display: 'block', marginBottom: 12 }} />
              <Title order={1} fz={28}>
                Admin Login
              </Title>
              <Text c="dimmed" size="sm">
                Coursedesk back-office
              </Text>
            </div>
            <TextInput
              label="Email"
              type="email"
              placeholder="Enter your email"
              required
              autoComplete="username"
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              placeholder="Enter your password"
              required
              visible={showPassword}
              onVisibilityChange={setShowPassword}
              // Mantine keeps the toggle out of the Tab order by default; keyboard users need it too.
              visibilityToggleButtonProps={{
                tabIndex: 0,
                'aria-label': showPassword ? MESSAGES.a11y.hidePassword : MESSAGES.a11y.showPassword,
              }}
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            <Button type="submit" disabled={login.isPending} fullWidth mt="xs">
              {login.isPending ? 'Logging in...' : 'Login'}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
