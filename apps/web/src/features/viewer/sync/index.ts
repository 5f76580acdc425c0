/**
 * Sync between open slides and landmarks (spec 2 §4): the page's hook (ViewerTabs), the context its
 * viewers read, a viewer's map registration and toolbar panel (SlideViewer), and the tab icon.
 */
export { LandmarkTabIcon } from './LandmarkTabIcon.tsx';
export { SyncPanel } from './SyncPanel.tsx';
export { ViewerSyncContext } from './sync-context.ts';
export { useSyncedMap } from './use-synced-map.ts';
export { useViewerSync, type PageSync } from './use-viewer-sync.ts';
