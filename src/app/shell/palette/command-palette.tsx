import { Text } from '@mantine/core';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import {
  IconApi,
  IconBook2,
  IconCalendarEvent,
  IconCertificate,
  IconHistory,
  IconLayoutDashboard,
  IconLogout2,
  IconMoon,
  IconRefresh,
  IconSearch,
  IconShoppingBag,
  IconSun,
  IconUser,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useAuth } from '@/app/features/auth/auth-store';
import { MESSAGES } from '@/shared/messages';
import { useLogout, useReloadData, useThemeSwitch } from '../shell-commands';
import classes from './command-palette.module.css';
import { PALETTE_MIN_CHARS, searchRecords, type PaletteLists, type RecordHit, type RecordKind } from './palette-search';
import { paletteStore } from './palette-store';

const P = MESSAGES.palette;
const SCREENS = [
  { to: '/', label: P.screens.dashboard, icon: IconLayoutDashboard },
  { to: '/users', label: P.screens.users, icon: IconUsers },
  { to: '/courses', label: P.screens.courses, icon: IconBook2 },
  { to: '/enrollments', label: P.screens.enrollments, icon: IconCertificate },
  { to: '/services', label: P.screens.services, icon: IconShoppingBag },
  { to: '/activity', label: P.screens.activity, icon: IconHistory },
  { to: '/api-docs', label: P.screens.apiDocs, icon: IconApi },
] as const;

const KINDS: readonly RecordKind[] = ['users', 'courses', 'batches', 'enrollments', 'services'];
const KIND_ICONS = {
  users: IconUser,
  courses: IconBook2,
  batches: IconCalendarEvent,
  enrollments: IconCertificate,
  services: IconShoppingBag,
} as const;

/** The synced lists as the query cache holds them now: the device copy, offline too. */
const cachedLists = (qc: QueryClient): PaletteLists =>
  Object.fromEntries(KINDS.map((k) => [k, qc.getQueryData([k])])) as PaletteLists;

/** One entry of the palette: a screen, a command or a record. */
interface PaletteItem {
  key: string;
  label: string;
  description?: string;
  icon: Icon;
  run: () => void;
}

const matches = (label: string, needle: string) => label.toLowerCase().includes(needle);

/**
 * Ctrl/Cmd+K: go to a screen, find a record by name, email or transaction ID in the device copy, or run
 * Reload Data, the theme switch and Logout. The first result is selected as you type; arrow keys move,
 * Enter runs, Escape closes (Mantine Spotlight).
 */
export function CommandPalette() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { token } = useAuth();
  const { opened } = useSpotlight(paletteStore);
  const [query, setQuery] = useState('');
  const { reload } = useReloadData();
  const logout = useLogout();
  const theme = useThemeSwitch();

  // Not deferred: Spotlight selects the first result right after each keystroke, so the results must be on
  // screen by then (Enter runs what the admin sees). Bounded per kind, the scan stays within a frame or two.
  const hits = useMemo(() => (opened ? searchRecords(cachedLists(qc), query) : []), [opened, query, qc]);
  const needle = query.trim().toLowerCase();

  const open = (hit: RecordHit) => {
    const params = { id: hit.id };
    if (hit.kind === 'users') return navigate({ to: '/users/$id', params });
    if (hit.kind === 'courses') return navigate({ to: '/courses/$id', params });
    if (hit.kind === 'batches') return navigate({ to: '/enrollments/batch/$id', params });
    if (hit.kind === 'enrollments') return navigate({ to: '/enrollments/$id', params });
    return navigate({ to: '/services/$id', params });
  };

  const commands: PaletteItem[] = [
    {
      key: 'reload',
      label: P.reloadData,
      description: P.reloadDataHint,
      icon: IconRefresh,
      run: () => void reload(),
    },
    {
      key: 'theme',
      label: P.theme(theme.next),
      icon: theme.next === 'light' ? IconSun : IconMoon,
      run: theme.toggle,
    },
    ...(token ? [{ key: 'logout', label: P.logout, icon: IconLogout2, run: () => void logout() }] : []),
  ].filter((c) => matches(c.label, needle));
  const screens = SCREENS.filter((s) => matches(s.label, needle));

  const groups: { key: string; label: string; items: PaletteItem[] }[] = [
    {
      key: 'screens',
      label: P.groups.screens,
      items: screens.map((s) => ({ key: s.to, label: s.label, icon: s.icon, run: () => void navigate({ to: s.to }) })),
    },
    { key: 'commands', label: P.groups.commands, items: commands },
    ...KINDS.map((kind) => ({
      key: kind,
      label: P.groups[kind],
      items: hits
        .filter((h) => h.kind === kind)
        .map((h) => ({
          key: h.id,
          label: h.label,
          description: h.description,
          icon: KIND_ICONS[kind],
          run: () => void open(h),
        })),
    })),
  ].filter((g) => g.items.length > 0);

  return (
    <>
      <Spotlight.Root
        store={paletteStore}
        query={query}
        onQueryChange={setQuery}
        // Each opening starts empty (the store clears its own copy; this one is ours).
        onSpotlightClose={() => setQuery('')}
        // The shell owns the shortcut: it must work before this code has loaded.
        shortcut={null}
        scrollable
        maxHeight={460}
        classNames={{ action: classes.action }}
      >
        <Spotlight.Search
          aria-label={P.searchLabel}
          placeholder={P.placeholder}
          leftSection={<IconSearch size={18} stroke={1.6} />}
        />
        <Spotlight.ActionsList>
          {groups.map((g) => (
            <Spotlight.ActionsGroup key={g.key} label={g.label}>
              {g.items.map((item) => (
                <Spotlight.Action
                  key={item.key}
                  label={item.label}
                  description={item.description}
                  leftSection={<item.icon size={20} stroke={1.6} />}
                  onClick={item.run}
                />
              ))}
            </Spotlight.ActionsGroup>
          ))}
          {groups.length === 0 ? <Spotlight.Empty>{P.nothingFound}</Spotlight.Empty> : null}
          {needle.length > 0 && needle.length < PALETTE_MIN_CHARS ? (
            <Text size="xs" c="dimmed" px="md" py="xs">
              {P.typeMore(PALETTE_MIN_CHARS)}
            </Text>
          ) : null}
        </Spotlight.ActionsList>
      </Spotlight.Root>
    </>
  );
}
