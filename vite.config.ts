import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `vite build` makes the browser app in dist/web; `vite build --ssr entry-server.tsx` makes the
// server's copy of it in dist/ssr, with its libraries inside, to render storefront pages.
export default defineConfig(({ isSsrBuild = false }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  ssr: { noExternal: isSsrBuild ? true : undefined },
  build: {
    outDir: isSsrBuild ? '../../dist/ssr' : '../../dist/web',
    emptyOutDir: true,
    sourcemap: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    chunkSizeWarningLimit: 500,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:5000', '/uploads': 'http://127.0.0.1:5000' },
  },
}));
