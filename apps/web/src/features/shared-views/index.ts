/**
 * The public entry of shared views: the share dialog and the hook that restores a shared link.
 * Other features import this feature only through this file (lint: tools/eslint-rules/feature-entry-imports.js).
 * It never exports a screen: the router loads each screen by its own file (app/screens.ts), so a feature
 * that imports this entry does not pull a screen into its chunk.
 */
export { ShareFiltersDialog } from './ShareFiltersDialog.tsx';
export { useSharedViewLink } from './use-shared-view-link.ts';
