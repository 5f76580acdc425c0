/**
 * The project forms' rules, all taken from the domain (spec 1 §5): the create form and the settings
 * form, plus what a settings save sends (the changed fields only, trimmed).
 */
import { z } from 'zod';
import type { Project } from '@tessera/contract';
import {
  checkFolderId,
  checkProjectName,
  checkProjectSummary,
  PROJECT_MESSAGES,
  projectNameKey,
} from '@tessera/domain';
import type { ProjectChanges } from '../../api/projects.ts';

/** A zod check that applies a domain rule (message or null) to the trimmed value. */
export const domainRule = (check: (value: string) => string | null) =>
  z.string().superRefine((value, ctx) => {
    const message = check(value.trim());
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const createProjectSchema = z.object({
  name: domainRule((name) => checkProjectName(name, 'create')),
  summary: domainRule(checkProjectSummary),
});
export type CreateProjectValues = z.infer<typeof createProjectSchema>;

export interface SettingsValues {
  name: string;
  summary: string;
  folderId: string;
  isHome: boolean;
}

/**
 * The settings form. `refusedName` is the name the server last refused as taken: typing it again is
 * rejected at once rather than after another round trip (spec 1 §5).
 */
export function settingsSchema(refusedName: string | null): z.ZodType<SettingsValues, SettingsValues> {
  return z.object({
    name: domainRule((name) => {
      if (refusedName !== null && projectNameKey(name) === projectNameKey(refusedName))
        return PROJECT_MESSAGES.nameRefused(name);
      return checkProjectName(name, 'settings');
    }),
    summary: domainRule(checkProjectSummary),
    folderId: domainRule(checkFolderId),
    isHome: z.boolean(),
  });
}

export const settingsValuesOf = (project: Project): SettingsValues => ({
  name: project.name,
  summary: project.summary,
  folderId: project.folderId,
  isHome: project.isHome,
});

/** The fields that differ from the project once trimmed; an empty object means nothing to save. */
export function changedFields(project: Project, values: SettingsValues): ProjectChanges {
  const changes: ProjectChanges = {};
  const name = values.name.trim();
  const summary = values.summary.trim();
  const folderId = values.folderId.trim();
  if (name !== project.name) changes.name = name;
  if (summary !== project.summary) changes.summary = summary;
  if (folderId !== project.folderId) changes.folderId = folderId;
  if (values.isHome !== project.isHome) changes.isHome = values.isHome;
  return changes;
}
