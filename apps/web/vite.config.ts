import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineStylesGuard, precompress } from './build-plugins.ts';

export default defineConfig({
  plugins: [react(), mantineStylesGuard(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, the router, the query cache) in one file: it changes only
            // when a dependency does, so it stays cached across releases. Mantine and the app's own code
            // are split by use, so that the sign-in page does not load the shell's components.
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/,
            },
            // Mantine's smallest building blocks, which the sign-in page and every other page use, in one file
            // instead of a dozen tiny ones (each costs its own request and compresses worse alone).
            {
              name: 'mantine-base',
              test: /[\\/]@mantine[\\/]core[\\/].*[\\/]components[\\/](?:UnstyledButton|ActionIcon|CloseButton|Text|Stack|Center|Anchor|Transition|Loader|Input|InputBase|TextInput|PasswordInput|Alert|Paper|Title|Box|Group)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
