/** Project rules of spec 1 §5 (create and settings) and §9 (limits). */

export const PROJECT_NAME_MIN = 3;
export const PROJECT_NAME_MAX = 70;
export const PROJECT_SUMMARY_MAX = 1000;
export const FOLDER_ID_PATTERN = /^[0-9]{4}$/;

export const PROJECT_MESSAGES = {
  nameRequired: 'Enter a name for the project',
  nameTooShortCreate: 'Project name must be at least 3 characters long',
  nameTooShortSettings: 'Project name must be at least 3 characters in length.',
  nameTooLong: 'Project name must be at most 70 characters long',
  summaryTooLong: 'Project summary must be at most 1000 characters long',
  folderId: 'Folder ID must consist of 4 numerical digits.',
  nameInUse: (name: string) => `Project name "${name}" is in use. Choose another name`,
  nameRefused: (name: string) =>
    `The project name: ${name} is already in use. Please select a different name for this project.`,
  notFound: 'Project could not be found',
  createFailed: (message: string) => `Project creation failed: ${message}`,
  updateFailed: (message: string) => `Project update failed: ${message}`,
} as const;

export type ProjectForm = 'create' | 'settings';

/** The message for a project name (already trimmed), or null when valid. */
export function checkProjectName(name: string, form: ProjectForm): string | null {
  if (name.length === 0) return PROJECT_MESSAGES.nameRequired;
  if (name.length < PROJECT_NAME_MIN)
    return form === 'create' ? PROJECT_MESSAGES.nameTooShortCreate : PROJECT_MESSAGES.nameTooShortSettings;
  if (name.length > PROJECT_NAME_MAX) return PROJECT_MESSAGES.nameTooLong;
  return null;
}

export function checkProjectSummary(summary: string): string | null {
  return summary.length > PROJECT_SUMMARY_MAX ? PROJECT_MESSAGES.summaryTooLong : null;
}

/** folderId is exactly 4 digits or empty. */
export function checkFolderId(folderId: string): string | null {
  return folderId === '' || FOLDER_ID_PATTERN.test(folderId) ? null : PROJECT_MESSAGES.folderId;
}

/** Project names are unique case-insensitively; this is the key they are compared by. */
export const projectNameKey = (name: string): string => name.trim().toLocaleLowerCase('en');
