/**
 * The public entry of projects: the current project, its paths, header, forms and list rules, which
 * the shell, the dashboard, the settings and the slide table share.
 * Other features import this feature only through this file (lint: tools/eslint-rules/feature-entry-imports.js).
 * It never exports a screen: the router loads each screen by its own file (app/screens.ts), so a feature
 * that imports this entry does not pull a screen into its chunk.
 */
export { CreateProjectDialog } from './CreateProjectDialog.tsx';
export { useCurrentProject } from './current-project.tsx';
export { LANDING_MESSAGES } from './landing-messages.ts';
export { filterProjects, PROJECT_LIST_MESSAGES, type ProjectFilter } from './project-filter.ts';
export { changedFields, settingsSchema, settingsValuesOf, type SettingsValues } from './project-form.ts';
export { ProjectHeader, slideCountLabel } from './ProjectHeader.tsx';
export { ProjectNameFields } from './ProjectNameFields.tsx';
export {
  isViewerPath,
  projectIdOfPath,
  projectSlidesPath,
  switchProjectPath,
  viewerPath,
} from './project-path.ts';
export { projectRoleLabel } from './role-label.ts';
