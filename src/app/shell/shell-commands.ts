import { useMantineColorScheme, useComputedColorScheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { logout } from '@/app/features/auth/api/session';
import { confirmDialog } from '@/app/lib/confirm';
import { DEFAULT_THEME } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';

/** Reload Data: a full sync, behind the full-screen overlay until it ends or is sent to the background. */
export { useReloadData } from './reload-data';

/** Logout after the spec's question. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const ok = await confirmDialog({
      title: MESSAGES.logout.title,
      text: MESSAGES.logout.text,
      confirmText: MESSAGES.logout.confirm,
      cancelText: MESSAGES.logout.cancel,
      icon: 'question',
    });
    if (!ok) return;
    await logout(queryClient);
    await navigate({ to: '/login' });
  };
}

/** The theme the toggle switches to, and the switch. */
export function useThemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme(DEFAULT_THEME);
  const next = scheme === 'dark' ? 'light' : 'dark';
  return { next, toggle: () => setColorScheme(next) } as const;
}
