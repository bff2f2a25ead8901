import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The reference server answers /api and the push socket; `npm run dev` proxies /api to it.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  server: { proxy: { '/api': 'http://localhost:8080', '/config.json': 'http://localhost:8080' } },
});
