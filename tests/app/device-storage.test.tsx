import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatBytes, PERSIST_ASKED_KEY } from '@/app/lib/device-storage';
import { syncEngine } from '@/app/lib/sync/sync-engine';
import { renderApp } from '../utils/render';

/** A Storage API as a browser has it: `granted` is what persist() answers. */
function stubStorage({ granted, usage = 31_400_000 }: { granted: boolean; usage?: number }) {
  let kept = false;
  const storage = {
    persist: vi.fn(async () => (kept = granted)),
    persisted: vi.fn(async () => kept),
    estimate: vi.fn(async () => ({ usage: usage + 2_000_000, quota: 1e10, usageDetails: { indexedDB: usage } })),
  };
  Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
  return storage;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage');
  localStorage.removeItem(PERSIST_ASKED_KEY);
});

describe('the device copy in the shell', () => {
  it('after the first sync asks the browser once to keep the copy, and says its size and that it is kept', async () => {
    const storage = stubStorage({ granted: true });
    renderApp('/users');
    expect(await screen.findByText('Copy on this device: 31 MB · kept')).toBeInTheDocument();
    expect(storage.persist).toHaveBeenCalledTimes(1);
    // Later syncs read the figures again, but never ask again.
    const reads = storage.estimate.mock.calls.length;
    await syncEngine.pull();
    await waitFor(() => expect(storage.estimate.mock.calls.length).toBeGreaterThan(reads));
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('says when the browser may clear it (persistence refused), and asks no more in a later start', async () => {
    const storage = stubStorage({ granted: false, usage: 850_000 });
    const first = renderApp('/users');
    expect(await screen.findByText('Copy on this device: 850 KB · the browser may clear it')).toBeInTheDocument();
    expect(storage.persist).toHaveBeenCalledTimes(1);
    first.unmount();
    syncEngine.stop();
    renderApp('/users');
    expect(await screen.findByText('Copy on this device: 850 KB · the browser may clear it')).toBeInTheDocument();
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('a browser without the Storage API gets no line and no error', async () => {
    Reflect.deleteProperty(navigator, 'storage');
    expect('storage' in navigator).toBe(false);
    renderApp('/users');
    expect(await screen.findByText(/^Synced /)).toBeInTheDocument();
    expect(screen.queryByText(/Copy on this device/)).not.toBeInTheDocument();
    expect(localStorage.getItem(PERSIST_ASKED_KEY)).toBeNull();
  });

  it('sizes in decimal units', () => {
    expect(formatBytes(31_400_000)).toBe('31 MB');
    expect(formatBytes(1_250_000_000)).toBe('1.3 GB');
    expect(formatBytes(420_000)).toBe('420 KB');
    expect(formatBytes(12)).toBe('1 KB');
  });
});
