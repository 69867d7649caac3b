import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { DEFAULT_THEME, TOAST } from '@/shared/constants';

/** react-hot-toast as the product sets it (TOAST in shared/constants.ts): top-center, gutter 8, max width 350, its durations, at most 20. */
export function AppToaster() {
  const scheme = useComputedColorScheme(DEFAULT_THEME);
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST.limit)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  return (
    <Toaster
      position={TOAST.position}
      gutter={TOAST.gutter}
      toastOptions={{
        duration: TOAST.durationMs.blank,
        success: { duration: TOAST.durationMs.success },
        error: { duration: TOAST.durationMs.error },
        loading: { duration: TOAST.durationMs.loading },
        custom: { duration: TOAST.durationMs.custom },
        style: {
          maxWidth: TOAST.maxWidth,
          background: scheme === 'dark' ? 'var(--mantine-color-dark-5)' : 'var(--mantine-color-white)',
          color: 'var(--mantine-color-text)',
          border: '1px solid var(--mantine-color-default-border)',
        },
      }}
    />
  );
}
