import { ActionIcon, AppShell, Burger, FocusTrap, Group, Overlay, Text } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery, type HotkeyItem } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { ContentLoader } from '@/app/components/ui/full-screen-loader';
import { MAIN_ID } from '@/app/components/ui/skip-link';
import { BREAKPOINT_PX, SIDEBAR_WIDTH } from '@/shared/constants';
import { MESSAGES } from '@/shared/messages';
import { PaletteMount } from './palette/palette-mount';
import { palette, PALETTE_SHORTCUT } from './palette/palette-store';
import { ReloadOverlay, ReloadStatus, useReloadData, useReloadNotice } from './reload-data';
import { Sidebar } from './sidebar';
import { SyncStatus } from './sync-status';

/** The sidebar is fixed and open wider than 1024px; narrower it collapses behind the burger. */
const SIDEBAR_BREAKPOINT = `${(BREAKPOINT_PX + 1) / 16}em`;

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const wide = useMediaQuery(`(min-width: ${SIDEBAR_BREAKPOINT})`, true);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Any navigation closes the phone sidebar, and so does choosing a link (also the current page's).
  useEffect(close, [pathname, close]);
  // Reload Data's overlay takes the focus: the phone sidebar (which traps it) closes.
  const { reloading } = useReloadData();
  useEffect(() => {
    if (reloading) close();
  }, [reloading, close]);
  useReloadNotice();
  const drawer = !wide && opened;
  const hotkeys: HotkeyItem[] = [[PALETTE_SHORTCUT, palette.open]];
  if (drawer) hotkeys.push(['Escape', close]);
  // From inside a field too (a checkbox, the search box): Ctrl/Cmd+K types nothing, and Escape only closes.
  useHotkeys(hotkeys, []);

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
            <Group gap="xs" wrap="nowrap">
              <SyncStatus compact />
              <ReloadStatus compact />
              <ActionIcon variant="default" size="lg" aria-label={MESSAGES.palette.open} onClick={palette.open}>
                <IconSearch size={18} stroke={1.6} />
              </ActionIcon>
            </Group>
          </Group>
        </AppShell.Header>
      )}
      {/* Below 1024px the open sidebar is a 16rem drawer over the screen: focus stays inside it. */}
      <AppShell.Navbar
        inert={!wide && !opened}
        w={wide ? undefined : SIDEBAR_WIDTH}
        onClickCapture={(event) => {
          if (!wide && (event.target as HTMLElement).closest('a')) close();
        }}
      >
        <FocusTrap active={drawer}>
          <div style={{ height: '100%' }}>
            <Sidebar />
          </div>
        </FocusTrap>
      </AppShell.Navbar>
      {drawer ? <Overlay fixed zIndex={100} backgroundOpacity={0.4} onClick={close} aria-hidden /> : null}
      <AppShell.Main id={MAIN_ID} tabIndex={-1}>
        <AfterShell>
          <Outlet />
        </AfterShell>
      </AppShell.Main>
      <PaletteMount />
      <ReloadOverlay />
    </AppShell>
  );
}

/**
 * The screen's first render, a task after the shell's and interruptible (a transition): React draws the shell and
 * the screen in one synchronous pass otherwise, which at a login or a start-up was the longest task of the page
 * (docs/benchmarks.md). Later navigations render only the screen, as before.
 */
function AfterShell({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const next = setTimeout(() => startTransition(() => setShown(true)));
    return () => clearTimeout(next);
  }, []);
  return shown ? children : <ContentLoader />;
}
