import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import './goober-named-access';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetMockActivityLog } from '../mocks/activity-api';
import { server } from '../mocks/server';
import { resetMockLists } from '../mocks/sync-api';
import { installResizeObserver } from './resize-observer';
import { dropDetachedStyleSheets } from './style-sheet-leaks';

// Mantine needs these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: /min-width/.test(query), // desktop layout by default
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
installResizeObserver();
// Textarea autosize (the Learn tab's points) listens for web fonts loading: jsdom has no document.fonts.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {}, status: 'loaded' },
});
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};
// The virtualised table measures its scroll box; give jsdom elements a size so rows render.
Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 900 });
Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 1200 });
// @tanstack/virtual-core 3.19+ reads clientWidth/clientHeight instead.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 900 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

// The first render of a screen loads its lazy route chunk, which takes a moment in jsdom.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  server.close();
  // sweetalert2 restores focus 100 ms after a dialog closes, and a success notice closes itself on a
  // timer: settle both before jsdom is torn down, or the late callback throws "HTMLElement is not defined".
  const { default: Swal } = await import('sweetalert2');
  Swal.stopTimer();
  if (Swal.isVisible()) Swal.close();
  await new Promise((resolve) => setTimeout(resolve, 150));
});

// An unexpected console.error fails the test; a test that expects one calls allowConsoleError().
let consoleErrors: unknown[][] = [];
let allowed = false;
export const allowConsoleError = () => {
  allowed = true;
};
beforeEach(() => {
  consoleErrors = [];
  allowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(async () => {
  cleanup();
  dropDetachedStyleSheets();
  // The toast store outlives a test; a toast left in it (same id, already dismissed) would hide the next one.
  toast.remove();
  server.resetHandlers();
  resetMockLists();
  resetMockActivityLog();
  localStorage.clear();
  vi.restoreAllMocks();
  if (consoleErrors.length && !allowed) {
    throw new Error(`Unexpected console.error:\n${consoleErrors.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});
