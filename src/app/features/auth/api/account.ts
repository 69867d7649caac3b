import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '@/app/lib/api-client';
import { API_ROUTES } from '@/shared/api-routes';
import type { SessionInfo, TwoFactorSetup, TwoFactorStatus } from '@/shared/schemas';

/**
 * The admin's own security settings: changed online only; the last reply is kept on the device by the query
 * persister (lib/query-persister.ts), so the screens show it offline after a reload.
 */
export const twoFactorQuery = queryOptions({
  queryKey: ['account', 'two-factor'] as const,
  queryFn: ({ signal }) =>
    apiCall<{ data: TwoFactorStatus }>(API_ROUTES.twoFactorStatus, { signal }).then((r) => r.data),
});

export interface SessionsReply {
  data: SessionInfo[];
  idleDays: number;
  maxDays: number;
}

export const sessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'] as const,
  queryFn: ({ signal }) => apiCall<SessionsReply>(API_ROUTES.sessions, { signal }),
});

export const setUpTwoFactor = () => apiCall<{ data: TwoFactorSetup }>(API_ROUTES.twoFactorSetup).then((r) => r.data);

type CodesReply = { message: string; showMessage: boolean; data: { recoveryCodes: string[] } };

export const enableTwoFactor = (code: string) => apiCall<CodesReply>(API_ROUTES.twoFactorEnable, { body: { code } });

export const newRecoveryCodes = (code: string) => apiCall<CodesReply>(API_ROUTES.recoveryCodes, { body: { code } });

export const disableTwoFactor = (code: string) =>
  apiCall<{ message: string }>(API_ROUTES.twoFactorDisable, { body: { code } });

export const endSessionOn = (id: string) => apiCall<{ message: string }>(API_ROUTES.endSession, { params: { id } });

export const endOtherSessions = () => apiCall<{ message: string }>(API_ROUTES.endOtherSessions);
