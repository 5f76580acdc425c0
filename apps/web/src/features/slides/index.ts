/**
 * The public entry of the slide table: the table the project's slides screen shows.
 * Other features import this feature only through this file (lint: tools/eslint-rules/feature-entry-imports.js).
 * It never exports a screen: the router loads each screen by its own file (app/screens.ts), so a feature
 * that imports this entry does not pull a screen into its chunk.
 */
export { SlideTable } from './SlideTable.tsx';
/** What the viewer's QC tab shares with the table: one slide's edits, their rights, undo and editors. */
export { canEditSlideCell } from './slide-edits.ts';
export { useSlideEdits } from './use-slide-edits.ts';
export { AssayEditorDialog } from './AssayEditorDialog.tsx';
export { LabelThumbnail, labelImageOf } from './LabelThumbnail.tsx';
