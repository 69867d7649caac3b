/**
 * The device copy's room in the browser (docs/sync.md, "The device copy is kept"): after the first sync the
 * browser is asked once to keep this site's storage (`navigator.storage.persist()`), and the shell says how large
 * the copy is and whether the browser may clear it (`estimate()`, `persisted()`). A browser without the Storage
 * API is left alone: nothing is asked, nothing is shown.
 */

/** Set once the browser has been asked to keep the copy: it is asked once per browser profile. */
export const PERSIST_ASKED_KEY = 'coursedesk-persist-asked';

export interface DeviceStorage {
  /** Bytes this site keeps in IndexedDB (where the browser says so), else all it keeps. */
  bytes: number;
  /** The browser keeps it under storage pressure (persisted); false: it may clear it. */
  kept: boolean;
}

const storageApi = () => (typeof navigator === 'undefined' ? undefined : navigator.storage);

/** Asks the browser, once, to keep the device copy (after the first sync). Never throws. */
export async function askToKeepDeviceCopy(): Promise<void> {
  const api = storageApi();
  if (typeof api?.persist !== 'function') return;
  try {
    if (localStorage.getItem(PERSIST_ASKED_KEY)) return;
    localStorage.setItem(PERSIST_ASKED_KEY, '1');
    if (typeof api.persisted === 'function' && (await api.persisted())) return;
    await api.persist();
  } catch {
    // A browser that refuses to be asked (or has no localStorage) keeps its own rules: nothing to say.
  }
}

/** How large the copy is and whether it is kept; null where the browser cannot say. Never throws. */
export async function readDeviceStorage(): Promise<DeviceStorage | null> {
  const api = storageApi();
  if (typeof api?.estimate !== 'function') return null;
  try {
    const estimate = (await api.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
    const bytes = estimate.usageDetails?.indexedDB ?? estimate.usage;
    if (typeof bytes !== 'number') return null;
    const kept = typeof api.persisted === 'function' ? await api.persisted() : false;
    return { bytes, kept };
  } catch {
    return null;
  }
}

/** Bytes as the shell says them: "31 MB", "420 KB" (decimal units, as browsers' storage settings show them). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toLocaleString('en-US', { maximumFractionDigits: 1 })} GB`;
  if (bytes >= 1e6) return `${Math.round(bytes / 1e6).toLocaleString('en-US')} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3)).toLocaleString('en-US')} KB`;
}
