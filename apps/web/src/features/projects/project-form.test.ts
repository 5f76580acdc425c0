import { describe, expect, it } from 'vitest';
import type { Project } from '@tessera/contract';
import { PROJECT_MESSAGES } from '@tessera/domain';
import { changedFields, createProjectSchema, settingsSchema, settingsValuesOf } from './project-form.ts';

const project: Project = {
  id: 'a'.repeat(24),
  name: 'Lung study',
  summary: 'Biopsies',
  folderId: '1001',
  isHome: false,
  role: 'projectAdmin',
  slideCount: 0,
  createdAt: '2024-01-01T00:00:00.000Z',
};

const firstMessage = (
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => result.error?.issues.find((i) => i.path[0] === field)?.message;

describe('create project form', () => {
  it('uses the create messages on the trimmed name', () => {
    expect(firstMessage(createProjectSchema.safeParse({ name: '   ', summary: '' }), 'name')).toBe(
      PROJECT_MESSAGES.nameRequired,
    );
    expect(firstMessage(createProjectSchema.safeParse({ name: ' ab ', summary: '' }), 'name')).toBe(
      PROJECT_MESSAGES.nameTooShortCreate,
    );
    expect(createProjectSchema.safeParse({ name: ' abc ', summary: '' }).success).toBe(true);
    expect(
      firstMessage(createProjectSchema.safeParse({ name: 'abc', summary: 'x'.repeat(1001) }), 'summary'),
    ).toBe(PROJECT_MESSAGES.summaryTooLong);
  });
});

describe('project settings form', () => {
  it('uses the settings messages and checks the folder id', () => {
    const schema = settingsSchema(null);
    const values = { ...settingsValuesOf(project), name: 'ab', folderId: '12a4' };
    const result = schema.safeParse(values);
    expect(firstMessage(result, 'name')).toBe(PROJECT_MESSAGES.nameTooShortSettings);
    expect(firstMessage(result, 'folderId')).toBe(PROJECT_MESSAGES.folderId);
    expect(schema.safeParse({ ...settingsValuesOf(project), folderId: '' }).success).toBe(true);
  });

  it('rejects the name the server just refused, whatever its case or spacing', () => {
    const schema = settingsSchema('Colon cohort');
    const result = schema.safeParse({ ...settingsValuesOf(project), name: ' colon COHORT ' });
    expect(firstMessage(result, 'name')).toBe(PROJECT_MESSAGES.nameRefused('colon COHORT'));
    expect(schema.safeParse({ ...settingsValuesOf(project), name: 'Colon cohort 2' }).success).toBe(true);
  });

  it('sends only the fields that changed, trimmed', () => {
    expect(changedFields(project, settingsValuesOf(project))).toEqual({});
    expect(
      changedFields(project, { ...settingsValuesOf(project), name: ' Lung study ', summary: 'New ' }),
    ).toEqual({ summary: 'New' });
    expect(changedFields(project, { ...settingsValuesOf(project), folderId: '', isHome: true })).toEqual({
      folderId: '',
      isHome: true,
    });
  });
});
