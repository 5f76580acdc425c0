/**
 * The public entry of project members: the Members tab the settings screen shows.
 * Other features import this feature only through this file (lint: tools/eslint-rules/feature-entry-imports.js).
 * It never exports a screen: the router loads each screen by its own file (app/screens.ts), so a feature
 * that imports this entry does not pull a screen into its chunk.
 */
export { MembersTab } from './MembersTab.tsx';
