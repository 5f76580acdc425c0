/**
 * A thin progress bar at the very top of the window, shown once requests have been pending for
 * 400 ms (spec 1 §2): quick answers never make the page flicker.
 */
import { useSyncExternalStore } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { onRequestActivity } from '../api/client.ts';
import { createBusyCounter } from './busy-counter.ts';

export const BUSY_DELAY_MS = 400;

// One counter for the page, fed by every request of the typed client from the first one on.
const requests = createBusyCounter();
onRequestActivity((delta) => requests.change(delta));

// Whether the bar shows: set 400 ms into a busy spell, cleared the moment nothing is pending.
let isShown = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const viewers = new Set<() => void>();
const setShown = (shown: boolean) => {
  if (shown === isShown) return;
  isShown = shown;
  for (const v of viewers) v();
};
requests.subscribe((count) => {
  if (count === 0) {
    clearTimeout(timer);
    timer = undefined;
    setShown(false);
  } else timer ??= setTimeout(() => setShown(true), BUSY_DELAY_MS);
});
const subscribe = (viewer: () => void) => {
  viewers.add(viewer);
  return () => {
    viewers.delete(viewer);
  };
};

export function BusyIndicator() {
  const shown = useSyncExternalStore(subscribe, () => isShown);
  if (!shown) return null;
  return (
    <LinearProgress
      aria-label="Loading"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: (t) => t.zIndex.tooltip + 1,
        // Light on the deep blue navbar, where it sits.
        bgcolor: 'rgba(125, 190, 255, 0.25)',
        '& .MuiLinearProgress-bar': { bgcolor: '#7dbeff' },
      }}
    />
  );
}
