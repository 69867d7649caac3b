import { NavLink } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useThemeSwitch } from './shell-commands';

export function ThemeToggle() {
  const { next, toggle } = useThemeSwitch();
  const Icon = next === 'light' ? IconSun : IconMoon;
  return (
    <NavLink
      component="button"
      label={next === 'light' ? 'Light theme' : 'Dark theme'}
      aria-label={`Switch to ${next} theme`}
      leftSection={<Icon size={18} stroke={1.6} />}
      onClick={toggle}
    />
  );
}
