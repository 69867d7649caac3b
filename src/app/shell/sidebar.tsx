import { Box, Divider, NavLink, ScrollArea, Stack, Title, UnstyledButton } from '@mantine/core';
import {
  IconBook2,
  IconCertificate,
  IconLogin2,
  IconLogout2,
  IconRefresh,
  IconShoppingBag,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SyncProgressLoader } from '@/app/components/ui/full-screen-loader';
import { logout } from '@/app/features/auth/api/session';
import { useAuth } from '@/app/features/auth/auth-store';
import { showErrorToast } from '@/app/lib/api-feedback';
import { confirmDialog } from '@/app/lib/confirm';
import { refetchLoaderData } from '@/app/shell/loader-queries';
import { MESSAGES } from '@/shared/messages';
import { SyncStatus } from './sync-status';
import { ThemeToggle } from './theme-toggle';

const LINKS = [
  { to: '/users', label: 'Users', icon: IconUsers },
  { to: '/courses', label: 'Courses', icon: IconBook2 },
  { to: '/enrollments', label: 'Enrollments', icon: IconCertificate },
  { to: '/services', label: 'Services', icon: IconShoppingBag },
] as const;

export function Sidebar() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { token } = useAuth();
  const [reloading, setReloading] = useState(false);

  /** Reload Data: every loader list again from the network, behind a full-screen overlay. */
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

  const onLogout = async () => {
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
            <NavLink key={to} component={Link} to={to} label={label} leftSection={<Icon size={18} stroke={1.6} />} />
          ))}
        </nav>
      </ScrollArea>
      <Divider />
      <Stack gap={4} p="xs">
        <NavLink
          component="button"
          label="Reload Data"
          leftSection={<IconRefresh size={18} stroke={1.6} />}
          onClick={() => void reload()}
        />
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
      </Stack>
      {reloading ? <SyncProgressLoader label={MESSAGES.sync.reloading} /> : null}
    </Stack>
  );
}
