import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { documentFontsPlugin } from './src/documents/fonts/node/generate';

// `npm run dev` serves the app here with hot reload and forwards every server path to the
// reference server (scripts/dev.mjs starts it on PORT, default 8080).
const serverOrigin = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;
const serverPaths = ['/healthz', '/api', '/oidc', '/sync-api', '/template-api', '^/[a-z]+-api/'];

/** The app icon at the size a shortcut menu shows it. */
const SHORTCUT_ICON = { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' };

export default defineConfig({
  plugins: [
    documentFontsPlugin(), // the PDF fonts' subsets, before the app imports them by URL
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/',
        name: '工业品采购',
        short_name: '采购',
        description: '询价、报价、下单与订单跟踪，离线也能用',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        // Long-press on the home-screen icon (Android, desktop): straight to the three places a
        // field user goes most.
        shortcuts: [
          { name: '新建询价', url: '/inquiry-quotation/detail', icons: [SHORTCUT_ICON] },
          { name: '订单', url: '/order/order/list?orderType=ALL', icons: [SHORTCUT_ICON] },
          { name: '待办', url: '/message/waiting/list', icons: [SHORTCUT_ICON] },
        ],
        // The browser's rich install dialog: drawn from the built app by `npm run screenshots`.
        screenshots: [
          {
            src: '/screenshots/phone-purchases.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: '采购单列表：询价、报价与下单进度一目了然',
          },
          {
            src: '/screenshots/phone-orders.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: '订单列表：跟踪每个订单到签收',
          },
          {
            src: '/screenshots/desktop-purchases.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: '采购单列表',
          },
        ],
        // Drawn from public/favicon.svg by scripts/generate-icons.mjs.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      // The precache globs below already take the icons.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Only the install dialog shows them, before the app is installed: not worth a device's
        // storage.
        globIgnores: ['screenshots/**'],
        // No sw.js.map either (security review L10).
        sourcemap: false,
      },
    }),
    // Brotli and gzip copies of the built files, served as they are (server/http/appFiles.ts):
    // the app's code and the PDF fonts reach a phone at a fraction of their size.
    compression({
      include: /\.(html|css|js|mjs|json|svg|webmanifest|ttf)$/,
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(serverPaths.map((path) => [path, { target: serverOrigin }])),
      '/ws': { target: serverOrigin, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // Source maps would publish the whole source next to the app (security review L10).
    sourcemap: false,
  },
});
