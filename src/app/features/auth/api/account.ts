import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiUrl } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import type { SessionInfo, TwoFactorSetup, TwoFactorStatus } from '@/shared/schemas';

/**
 * The admin's own security settings: changed online only; the last reply is kept on the device by the query
 * persister (lib/query-persister.ts), so the screens show it offline after a reload.
 */
export const twoFactorQuery = queryOptions({
  queryKey: ['account', 'two-factor'] as const,
  queryFn: ({ signal }) =>
    apiFetch<{ data: TwoFactorStatus }>(apiUrl(API_ROUTES.twoFactorStatus), { signal }).then((r) => r.data),
});

export interface SessionsReply {
  data: SessionInfo[];
  idleDays: number;
  maxDays: number;
}

export const sessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'] as const,
  queryFn: ({ signal }) => apiFetch<SessionsReply>(apiUrl(API_ROUTES.sessions), { signal }),
});

export const setUpTwoFactor = () =>
  apiFetch<{ data: TwoFactorSetup }>(apiUrl(API_ROUTES.twoFactorSetup), { method: 'POST' }).then((r) => r.data);

type CodesReply = { message: string; showMessage: boolean; data: { recoveryCodes: string[] } };

export const enableTwoFactor = (code: string) =>
  apiFetch<CodesReply>(apiUrl(API_ROUTES.twoFactorEnable), { method: 'POST', body: { code } });

export const newRecoveryCodes = (code: string) =>
  apiFetch<CodesReply>(apiUrl(API_ROUTES.recoveryCodes), { method: 'POST', body: { code } });

export const disableTwoFactor = (code: string) =>
  apiFetch<{ message: string }>(apiUrl(API_ROUTES.twoFactorDisable), { method: 'POST', body: { code } });

export const endSessionOn = (id: string) =>
  apiFetch<{ message: string }>(apiUrl(API_ROUTES.endSession, { id }), { method: 'DELETE' });

export const endOtherSessions = () =>
  apiFetch<{ message: string }>(apiUrl(API_ROUTES.endOtherSessions), { method: 'POST' });
