import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BREAKPOINT_PX, SIDEBAR_WIDTH } from '@/shared/constants';
import { Sidebar } from './sidebar';
import { SyncStatus } from './sync-status';

/** The sidebar is fixed and open wider than 1024px (spec 2); narrower it collapses behind the burger. */
const SIDEBAR_BREAKPOINT = `${(BREAKPOINT_PX + 1) / 16}em`;

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const wide = useMediaQuery(`(min-width: ${SIDEBAR_BREAKPOINT})`, true);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Choosing a link (any navigation) closes the phone sidebar.
  useEffect(close, [pathname, close]);

  return (
    <AppShell
      header={{ height: 56, collapsed: wide }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: SIDEBAR_BREAKPOINT, collapsed: { mobile: !opened } }}
      padding="md"
    >
      {/* The phone header exists only on narrow screens; a closed phone sidebar is inert (out of the tab order). */}
      {wide ? null : (
        <AppShell.Header px="md">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                size="sm"
                aria-label={opened ? 'Close navigation' : 'Open navigation'}
              />
              <Text fw={700}>Coursedesk</Text>
            </Group>
            <SyncStatus compact />
          </Group>
        </AppShell.Header>
      )}
      <AppShell.Navbar inert={!wide && !opened}>
        <Sidebar />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
