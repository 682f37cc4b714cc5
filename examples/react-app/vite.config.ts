import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A team's own React app; the chat comes from @digital-assistant/widget like any dependency.
export default defineConfig({
  plugins: [react()],
  server: { port: 5502, strictPort: true },
  preview: { port: 5502, strictPort: true },
});
