import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The built app is served by the Latch server at `/`; the API lives on the same origin at `/api/auth`.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev -w apps/web` next to a running server (`npm start`) on port 3000.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
