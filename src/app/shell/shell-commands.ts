import { useMantineColorScheme, useComputedColorScheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { logout } from '@/app/features/auth/api/session';
import { showErrorToast } from '@/app/lib/api-feedback';
import { confirmDialog } from '@/app/lib/confirm';
import { refetchLoaderData } from '@/app/shell/loader-queries';
import { DEFAULT_THEME } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';

/** Reload Data: a full sync, behind the full-screen progress while `reloading` (the sidebar and the palette). */
export function useReloadData() {
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    try {
      await refetchLoaderData();
    } catch (err) {
      // Lists that have a copy fail quietly in the cache (offline is normal); Reload Data was asked for, so say why.
      console.error('Reload Data failed', err);
      showErrorToast(err);
    } finally {
      setReloading(false);
    }
  };
  return { reload, reloading };
}

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
