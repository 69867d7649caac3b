/**
 * goober (react-hot-toast's CSS-in-JS) finds its <style> through `window._goober`, the browser's named access to
 * the element with that id. Vitest's jsdom environment makes `window` the Node global, which has no named access,
 * so goober added another <style> on every call: hundreds per file, each matched by every getComputedStyle.
 * Imported for its effect, before react-hot-toast creates its keyframes.
 */
Object.defineProperty(window, '_goober', { configurable: true, get: () => document.getElementById('_goober') });
