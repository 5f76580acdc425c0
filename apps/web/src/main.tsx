import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { prefetchCellMarkers } from './api/early-answers.ts';
import { preloadScreensOf } from './app/screens.ts';

preloadScreensOf(window.location.pathname);
prefetchCellMarkers(window.location);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
