import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * What every page needs, in one file beside the page's own code: React, the router, the query
 * cache and the stores, and the small modules that the lazily loaded screens share with the first
 * page. Left to itself the bundler would cut these into a dozen tiny files.
 */
const FIRST_PAGE_CORE = [
  /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|zustand)[\\/]/,
  /src[\\/]web[\\/](state[\\/]\w+-store|api[\\/](client|query-keys)|ui[\\/]messages)\.ts$/,
  /src[\\/]shared[\\/](money|pricing|images|shop)\.ts$/,
];

// `vite build` makes the browser app in dist/web; `vite build --ssr entry-server.tsx` makes the
// server's copy of it in dist/ssr, with its libraries inside, to render storefront pages.
export default defineConfig(({ isSsrBuild = false }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  ssr: { noExternal: isSsrBuild ? true : undefined },
  // The server's copy renders with React's production build whatever NODE_ENV the shop runs
  // under, as the browser's copy is built: the development build checks every element as it is
  // made, which took most of a page's time (`npm start` and the tests run without
  // NODE_ENV=production). The development server renders with the development build.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: {
    outDir: isSsrBuild ? '../../dist/ssr' : '../../dist/web',
    emptyOutDir: true,
    // The shop serves no source maps: its whole source is not for every visitor to read. The
    // development server makes its own.
    sourcemap: false,
    copyPublicDir: !isSsrBuild,
    chunkSizeWarningLimit: 500,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'core', test: (id) => FIRST_PAGE_CORE.some((core) => core.test(id)) },
              ],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000', '/uploads': 'http://127.0.0.1:5000' },
  },
}));
