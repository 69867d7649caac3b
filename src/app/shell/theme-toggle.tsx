import { NavLink, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { DEFAULT_THEME } from '@/shared/constants';

export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme(DEFAULT_THEME);
  const next = scheme === 'dark' ? 'light' : 'dark';
  const Icon = scheme === 'dark' ? IconSun : IconMoon;
  return (
    <NavLink
      component="button"
      label={next === 'light' ? 'Light theme' : 'Dark theme'}
      aria-label={`Switch to ${next} theme`}
      leftSection={<Icon size={18} stroke={1.6} />}
      onClick={() => setColorScheme(next)}
    />
  );
}
