import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ServerStatus } from './server-status';

// The console shell (login, layout, dashboard) arrives on top of this entry; until then the page tells
// whoever opens it whether the reference server answers.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ServerStatus />
  </StrictMode>,
);
