import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // react-admin's areas are large by nature; they load only after sign-in, so warn above 2 MB instead of 500 kB.
    chunkSizeWarningLimit: 2048,
    reportCompressedSize: true,
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
