/**
 * The public entry of the CSV metadata import: the wizard the slide table opens.
 * Other features import this feature only through this file (lint: tools/eslint-rules/feature-entry-imports.js).
 * It never exports a screen: the router loads each screen by its own file (app/screens.ts), so a feature
 * that imports this entry does not pull a screen into its chunk.
 */
export { CsvImportWizard } from './CsvImportWizard.tsx';
