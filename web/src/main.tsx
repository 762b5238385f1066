import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/App';
import { registerServiceWorker } from '@/app/service-worker';
import { paths } from '@/config/paths';
import { startSessionCheck } from '@/lib/data/auth';
import { createQueryClient } from '@/lib/query-client';

import './index.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('Root element #root not found');
}

// One client for the page's life; the session is asked for before React renders anything.
const queryClient = createQueryClient();
const session = startSessionCheck(queryClient);
// A returning player's home asks for its lists once the session is known, not once it has mounted
// (the module is part of the first screen's chunk, which the page preloads).
if (window.location.pathname === paths.home) {
  void session.then(
    (user) =>
      user &&
      import('@/features/home/api/prefetch-home').then(({ prefetchHome }) => prefetchHome(queryClient)),
  );
}

// The first render is a transition, which React renders in slices of a few milliseconds between
// which the browser handles input and paints, rather than in one long task.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});

registerServiceWorker();
