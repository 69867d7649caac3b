import {
  Box,
  Button,
  Center,
  FocusTrap,
  Group,
  Loader,
  Portal,
  Progress,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import toast from 'react-hot-toast';
import { FULL_SCREEN_STYLE } from '@/app/components/ui/full-screen-loader';
import { MAIN_ID } from '@/app/components/ui/skip-link';
import { showErrorToast } from '@/app/lib/api-feedback';
import { syncEngine, type SyncState } from '@/app/lib/sync/sync-engine';
import { useSyncState } from '@/app/lib/sync/use-sync-state';
import { refetchLoaderData } from '@/app/shell/loader-queries';
import { MESSAGES } from '@/shared/messages';
import { SYNC_LISTS } from '@/shared/sync-lists';

/**
 * Reload Data keeps the app usable (docs/sync.md): the full sync goes into a staging copy while the screens keep
 * the current one. The tab that asks shows the spec's full-screen overlay with the progress; "Keep working" sends
 * it to the background, where the shell shows it (as it does in every other tab); the fresh copy replaces the
 * current one in one step (a short notice says so), and a failure leaves the copy and offers a Retry.
 */

const R = MESSAGES.sync.reload;

// ---- This tab's overlay: open from Reload Data until it ends or is sent to the background. ----

let overlayOpen = false;
/** What had focus when the overlay opened: it gets it back when the overlay closes. */
let opener: HTMLElement | null = null;
const viewListeners = new Set<() => void>();
function setOverlay(open: boolean) {
  if (open === overlayOpen) return;
  overlayOpen = open;
  viewListeners.forEach((l) => l());
}

export const reloadView = {
  isOpen: () => overlayOpen,
  subscribe(listener: () => void) {
    viewListeners.add(listener);
    return () => void viewListeners.delete(listener);
  },
  /** "Keep working": the reload goes on in the background, the screens stay usable. */
  toBackground: () => setOverlay(false),
};

const useOverlayOpen = () => useSyncExternalStore(reloadView.subscribe, reloadView.isOpen);

/** Focus back where it was when the overlay opened; if that is gone or out of reach, to the screen. */
function restoreFocus() {
  const target = opener;
  opener = null;
  if (target?.isConnected && !target.closest('[inert], [aria-hidden="true"]')) target.focus();
  else document.getElementById(MAIN_ID)?.focus();
}

/** Reload Data (the sidebar, the palette, the shell's Retry): `background` asks without the overlay. */
export function useReloadData() {
  const reloading = useOverlayOpen();
  const reload = async ({ background = false }: { background?: boolean } = {}) => {
    if (!background) {
      if (!overlayOpen) opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOverlay(true);
    }
    try {
      await refetchLoaderData();
    } catch (err) {
      // Lists that have a copy fail quietly in the cache (offline is normal); Reload Data was asked for, so say why.
      console.error('Reload Data failed', err);
      showErrorToast(err);
    } finally {
      if (!background) setOverlay(false);
    }
  };
  return { reload, reloading };
}

const percentOf = (p: NonNullable<SyncState['progress']>) =>
  p.total > 0 ? Math.min(100, Math.floor((p.done / p.total) * 100)) : 0;

/** A polite live region that speaks at most every tenth of the way (each page would be too chatty). */
function Announcer({ percent }: { percent: number }) {
  return (
    <VisuallyHidden role="status" aria-live="polite">
      {R.announce(Math.floor(percent / 10) * 10)}
    </VisuallyHidden>
  );
}

/** The overlay's progress: a bar, the records, and a line per list ("Users 12,000 of 50,000"). */
function ReloadProgress({ progress }: { progress: SyncState['progress'] }) {
  if (!progress) return <Text size="sm">{R.starting}</Text>;
  const percent = percentOf(progress);
  const lists = progress.lists;
  return (
    <>
      <Progress value={percent} w="100%" aria-label={R.progressLabel} />
      <Text size="sm">{MESSAGES.sync.progress(progress.done, progress.total)}</Text>
      {lists ? (
        <Box component="ul" aria-label={R.byList} m={0} p={0} w="100%" style={{ listStyle: 'none' }}>
          {SYNC_LISTS.map((l) => (
            <Text component="li" key={l} size="sm" ta="center">
              {R.list(R.lists[l], lists[l].done, lists[l].total)}
            </Text>
          ))}
        </Box>
      ) : null}
      <Announcer percent={percent} />
    </>
  );
}

/** The spec's full-screen overlay, as a modal dialog: focus inside it, Escape or "Keep working" to the background. */
function ReloadDialog() {
  const { progress } = useSyncState();
  const box = useRef<HTMLDivElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const hintId = useId();
  useEffect(() => {
    keep.current?.focus();
    // Nothing behind it takes focus (a closing palette gives it back to what it came from): it comes back here.
    const hold = (e: FocusEvent) => {
      if (box.current && e.target instanceof Node && !box.current.contains(e.target)) keep.current?.focus();
    };
    document.addEventListener('focusin', hold);
    return () => {
      document.removeEventListener('focusin', hold);
      restoreFocus();
    };
  }, []);
  return (
    <Portal>
      <FocusTrap active>
        <Center
          ref={box}
          pos="fixed"
          inset={0}
          style={FULL_SCREEN_STYLE}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={hintId}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            reloadView.toBackground();
          }}
        >
          <Stack align="center" gap="sm" w="min(22rem, 86vw)">
            <Loader size="lg" />
            <Text id={titleId} fw={500}>
              {MESSAGES.sync.reloading}
            </Text>
            <ReloadProgress progress={progress} />
            <Text id={hintId} size="sm" ta="center">
              {R.keepsCopy}
            </Text>
            <Button ref={keep} data-autofocus variant="default" onClick={reloadView.toBackground}>
              {R.keepWorking}
            </Button>
          </Stack>
        </Center>
      </FocusTrap>
    </Portal>
  );
}

/** The overlay, in the tab that asked for Reload Data, until it ends or is sent to the background. */
export function ReloadOverlay() {
  return useOverlayOpen() ? <ReloadDialog /> : null;
}

/**
 * Reload Data in the shell, beside the sync status: its progress while it runs in the background (in every tab but
 * one showing the overlay), and a failure with a Retry (the copy on this device is unchanged).
 */
export function ReloadStatus({ compact = false }: { compact?: boolean }) {
  const { reload: phase, progress } = useSyncState();
  const overlay = useOverlayOpen();
  const { reload } = useReloadData();
  if (phase === 'running' && !overlay) {
    const percent = progress ? percentOf(progress) : null;
    const current = progress?.lists && SYNC_LISTS.find((l) => progress.lists![l].done < progress.lists![l].total);
    if (compact)
      return (
        <>
          <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
            {R.backgroundShort(percent)}
          </Text>
          {percent === null ? null : <Announcer percent={percent} />}
        </>
      );
    return (
      <Stack gap={4} px="sm" py={4}>
        <Text size="xs">{R.background(percent)}</Text>
        {progress && percent !== null ? (
          <>
            <Progress size="sm" value={percent} aria-label={R.progressLabel} />
            {current ? (
              <Text size="xs" c="dimmed">
                {R.list(R.lists[current], progress.lists![current].done, progress.lists![current].total)}
              </Text>
            ) : null}
            <Announcer percent={percent} />
          </>
        ) : null}
      </Stack>
    );
  }
  if (phase === 'failed')
    return (
      <Group gap="xs" px={compact ? 0 : 'sm'} py={compact ? 0 : 4} wrap={compact ? 'nowrap' : 'wrap'}>
        <Text size="xs" role="status">
          {compact ? R.failedShort : R.failed}
        </Text>
        <Button size="compact-xs" variant="default" onClick={() => void reload({ background: true })}>
          {R.retry}
        </Button>
      </Group>
    );
  return null;
}

/** A short notice in each tab where a Reload Data ran in the background: the fresh copy is in use. */
export function useReloadNotice() {
  useEffect(() => {
    let last = syncEngine.getState().reload;
    return syncEngine.subscribe(() => {
      const now = syncEngine.getState().reload;
      // The tab whose overlay is open sees it close instead.
      if (last === 'running' && now === 'done' && !reloadView.isOpen()) toast.success(R.done, { id: 'reload-done' });
      last = now;
    });
  }, []);
}
