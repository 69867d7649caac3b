import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiPath } from '@/app/lib/api-client';
import type { SessionInfo, TwoFactorSetup, TwoFactorStatus } from '@/shared/schemas';

/**
 * The admin's own security settings: changed online only; the last reply is kept on the device by the query
 * persister (lib/query-persister.ts), so the screens show it offline after a reload.
 */
export const twoFactorQuery = queryOptions({
  queryKey: ['account', 'two-factor'] as const,
  queryFn: ({ signal }) => apiFetch<{ data: TwoFactorStatus }>('/account/two-factor', { signal }).then((r) => r.data),
});

export interface SessionsReply {
  data: SessionInfo[];
  idleDays: number;
  maxDays: number;
}

export const sessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'] as const,
  queryFn: ({ signal }) => apiFetch<SessionsReply>('/account/sessions', { signal }),
});

export const setUpTwoFactor = () =>
  apiFetch<{ data: TwoFactorSetup }>('/account/two-factor/setup', { method: 'POST' }).then((r) => r.data);

type CodesReply = { message: string; showMessage: boolean; data: { recoveryCodes: string[] } };

export const enableTwoFactor = (code: string) =>
  apiFetch<CodesReply>('/account/two-factor/enable', { method: 'POST', body: { code } });

export const newRecoveryCodes = (code: string) =>
  apiFetch<CodesReply>('/account/two-factor/recovery-codes', { method: 'POST', body: { code } });

export const disableTwoFactor = (code: string) =>
  apiFetch<{ message: string }>('/account/two-factor/disable', { method: 'POST', body: { code } });

export const endSessionOn = (id: string) =>
  apiFetch<{ message: string }>(apiPath`/account/sessions/${id}`, { method: 'DELETE' });

export const endOtherSessions = () => apiFetch<{ message: string }>('/account/sessions/end-others', { method: 'POST' });
