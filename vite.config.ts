/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { ROUTER_OPTIONS } from './src/app/router-options.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Mantine's ScrollArea (inside every Table, through Table.ScrollContainer) imports one hook from @floating-ui/react,
 * `useMergeRefs`; that one import put all of floating-ui in the first load of every list screen. Its import is
 * answered with the same hook from src/app/lib/merge-refs.ts; tooltips, menus and selects keep floating-ui, loaded
 * with them. If Mantine stops importing it so, nothing is answered and the first-load budget still holds the size.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const scrollArea = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
  const mergeRefs = fileURLToPath(new URL('./src/app/lib/merge-refs.ts', import.meta.url));
  return {
    name: 'coursedesk:scroll-area-merge-refs',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === '@floating-ui/react' && importer && scrollArea.test(importer) ? mergeRefs : null,
  };
}

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  plugins: [
    scrollAreaWithoutFloatingUi(),
    // The router plugin must come before react() so the generated route tree is ready first.
    tanstackRouter({ target: 'react', ...ROUTER_OPTIONS }),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Coursedesk Admin',
        short_name: 'Coursedesk',
        description: 'Run your online courses business: users, courses, enrollments and services.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#1a1b1e',
        theme_color: '#1a1b1e',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          {
            src: '/screenshots/users-wide.png',
            sizes: '1366x768',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Users list',
          },
          {
            src: '/screenshots/users-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Users on a phone',
          },
        ],
      },
      workbox: {
        // Screenshots are for the install sheet only; they stay out of the precache.
        globPatterns: ['**/*.{js,css,html,svg,woff2}', '*.png'],
        globIgnores: ['screenshots/**'],
        navigateFallback: '/index.html',
        // The shell answers navigations; the API is never answered from the worker.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        runtimeCaching: [],
        // A static route takes /api/ past the worker (public/sw-api-network.js).
        importScripts: ['sw-api-network.js'],
      },
    }),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', sourcemap: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server-pglite',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(hasPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                include: ['tests/server/**/*.test.ts'],
                environment: 'node' as const,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/app/setup.ts'],
          // The same dialog code without the injected CSS: jsdom draws nothing, and its 181 rules only slowed
          // every getComputedStyle (each role query) once the first dialog had loaded.
          alias: [{ find: /^sweetalert2$/, replacement: 'sweetalert2/dist/sweetalert2.js' }],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'repo',
          include: ['tests/repo/**/*.test.ts'],
          environment: 'node',
          // ESLint with type information loads the whole project once.
          testTimeout: 120_000,
        },
      },
    ],
  },
});
