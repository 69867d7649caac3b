import { vi } from 'vitest';

/**
 * Captures the CSV files the app saves (jsdom has no object URLs and does not navigate on an anchor click).
 * Each entry is the file name, the file and a promise of its text.
 */
export function captureDownloads() {
  const files: { name: string; blob: Blob; text: Promise<string> }[] = [];
  let last: Blob | null = null;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => ((last = blob), 'blob:test'),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last!, text: last!.text() });
  });
  return files;
}

/** The lines of a saved CSV file, without its byte-order mark and the empty last line. */
export const csvLines = async (text: Promise<string>) =>
  (await text)
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
