import { brotliCompressSync, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Writes .br and .gz beside each text file so the server sends them without compressing per request. */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'ecogrid-precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const dist = path.join(here, 'dist');
        for (const file of walk(dist)) {
          if (!/\.(js|css|html|svg|json|webmanifest)$/.test(file)) continue;
          const data = readFileSync(file);
          if (data.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(data));
        }
      },
    },
  };
}

/**
 * Puts the (small) stylesheet inside index.html, so the first paint does not wait for a
 * second request on a slow network. The service worker keeps index.html for offline use.
 */
function inlineCss(): Plugin {
  return {
    name: 'ecogrid-inline-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (tag, file: string) => {
            const asset = bundle[file];
            if (!asset || asset.type !== 'asset') return tag;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}

export default defineConfig({
  resolve: { alias: { '@': path.join(here, 'src') } },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'EcoGrid Energy Marketplace',
        short_name: 'EcoGrid',
        description:
          'Solar lights, home systems, TV kits, fridges, pumps and clean cookstoves, for cash or pay-as-you-go.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f7f9f4',
        theme_color: '#166534',
        lang: 'en',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell: scripts, styles, the page and the icons. Product pictures are cached as
        // seen: the demo's (/img/) and uploaded ones (/media/, named by their content, so never stale).
        globPatterns: ['**/*.{js,css,html,webmanifest}', 'icons/*.png', 'favicon.svg'],
        // Charts are for admins online: customers' phones do not fetch them in the background.
        // Recharts itself is the chunk both chart wrappers share, named after its LineChart.
        globIgnores: [
          '**/portfolio-reports-*.js',
          '**/figures-chart-*.js',
          '**/reports-page-*.js',
          '**/LineChart-*.js',
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/img/') || url.pathname.startsWith('/media/'),
            handler: 'CacheFirst',
            options: { cacheName: 'images', expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 } },
          },
          {
            // Catalogue reads fall back to the last copy when the network is slow or gone; online,
            // the server's answer (no-cache) is always used, so an admin's change shows at once.
            urlPattern: ({ url }) => url.pathname.startsWith('/api/catalog/'),
            handler: 'NetworkFirst',
            options: { cacheName: 'catalog-api', networkTimeoutSeconds: 5, expiration: { maxEntries: 200 } },
          },
        ],
      },
    }),
    inlineCss(),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The app's frame (languages, toasts, the signed-in account's language), which every page
            // needs from the first paint, and the small modules the first page shares with later
            // ones (money, roles, chips, the loading overlay, shared queries): one file compresses
            // better than several of a few hundred bytes each.
            {
              name: 'shell',
              test: /src\/(lib\/(i18n|money|use-debounced|shared-queries)|components\/ui\/(toast|chip|loading-overlay)|features\/auth\/account-language|app\/signed-out|roles|money)\.tsx?$|preload-helper/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
