import { Box, Divider, Kbd, NavLink, ScrollArea, Stack, Title, UnstyledButton } from '@mantine/core';
import {
  IconApi,
  IconBook2,
  IconCertificate,
  IconDevices,
  IconHistory,
  IconLayoutDashboard,
  IconLogin2,
  IconLogout2,
  IconRefresh,
  IconSearch,
  IconShieldLock,
  IconShoppingBag,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useAuth } from '@/app/features/auth/auth-store';
import { MESSAGES } from '@/shared/messages';
import { palette } from './palette/palette-store';
import { ReloadStatus } from './reload-data';
import { useLogout, useReloadData } from './shell-commands';
import { DeviceCopyStatus, SyncStatus } from './sync-status';
import { ThemeToggle } from './theme-toggle';

const P = MESSAGES.palette.screens;
/** The four lists of the specification, then the screens this app adds: the dashboard first, its activity log and API reference. */
const LINKS = [
  { to: '/', label: P.dashboard, icon: IconLayoutDashboard },
  { to: '/users', label: 'Users', icon: IconUsers },
  { to: '/courses', label: 'Courses', icon: IconBook2 },
  { to: '/enrollments', label: 'Enrollments', icon: IconCertificate },
  { to: '/services', label: 'Services', icon: IconShoppingBag },
  { to: '/activity', label: 'Activity', icon: IconHistory },
  { to: '/api-docs', label: P.apiDocs, icon: IconApi },
] as const;

export function Sidebar() {
  const { token } = useAuth();
  const { reload } = useReloadData();
  const onLogout = useLogout();
  const pathname = useRouterState({ select: (s) => s.location.pathname });

  return (
    <Stack h="100%" gap={0}>
      <Box p="md">
        <UnstyledButton component={Link} to="/">
          <Title order={3}>Admin Panel</Title>
        </UnstyledButton>
      </Box>
      <ScrollArea style={{ flex: 1 }} px="xs">
        <nav aria-label="Main">
          {LINKS.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              component={Link}
              to={to}
              // The dashboard is "/", a prefix of every path: only the exact path is it.
              activeOptions={{ exact: to === '/' }}
              active={to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)}
              label={label}
              leftSection={<Icon size={18} stroke={1.6} />}
            />
          ))}
        </nav>
      </ScrollArea>
      <Divider />
      <Stack gap={4} p="xs">
        <NavLink
          component="button"
          label={MESSAGES.palette.open}
          aria-keyshortcuts="Control+K Meta+K"
          leftSection={<IconSearch size={18} stroke={1.6} />}
          rightSection={
            <Kbd size="xs" aria-hidden>
              {MESSAGES.palette.shortcut}
            </Kbd>
          }
          onClick={palette.open}
        />
        <NavLink
          component="button"
          label="Reload Data"
          leftSection={<IconRefresh size={18} stroke={1.6} />}
          onClick={() => void reload()}
        />
        {token ? (
          <>
            <NavLink
              component={Link}
              to="/account/sessions"
              label={MESSAGES.security.menuSessions}
              leftSection={<IconDevices size={18} stroke={1.6} />}
            />
            <NavLink
              component={Link}
              to="/account/two-factor"
              label={MESSAGES.security.menuTwoFactor}
              leftSection={<IconShieldLock size={18} stroke={1.6} />}
            />
          </>
        ) : null}
        {token ? (
          <NavLink
            component="button"
            label="Logout"
            leftSection={<IconLogout2 size={18} stroke={1.6} />}
            onClick={() => void onLogout()}
          />
        ) : (
          <NavLink component={Link} to="/login" label="Login" leftSection={<IconLogin2 size={18} stroke={1.6} />} />
        )}
        <ThemeToggle />
        <SyncStatus />
        <ReloadStatus />
        <DeviceCopyStatus />
      </Stack>
    </Stack>
  );
}
