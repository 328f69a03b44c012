import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app.tsx';
import { initI18n } from '@/lib/i18n.ts';
import { registerServiceWorker } from '@/lib/pwa.ts';
import './index.css';

await initI18n();
const root = createRoot(document.getElementById('root')!);
// A transition lets React yield while it builds the first screen, so a slow phone's main
// thread is never blocked for long (the page keeps answering taps).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
registerServiceWorker();
