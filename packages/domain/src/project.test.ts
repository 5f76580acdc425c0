import { describe, expect, it } from 'vitest';
import {
  checkFolderId,
  checkProjectName,
  checkProjectSummary,
  PROJECT_MESSAGES,
  PROJECT_NAME_MAX,
  PROJECT_NAME_MIN,
  PROJECT_SUMMARY_MAX,
  projectNameKey,
} from './project.ts';

describe('project name', () => {
  it.each([
    ['create', '', 'Enter a name for the project'],
    ['settings', '', 'Enter a name for the project'],
    ['create', 'ab', 'Project name must be at least 3 characters long'],
    ['settings', 'ab', 'Project name must be at least 3 characters in length.'],
    ['create', 'abc', null],
    ['settings', 'x'.repeat(70), null],
    ['create', 'x'.repeat(71), 'Project name must be at most 70 characters long'],
    ['settings', 'x'.repeat(71), 'Project name must be at most 70 characters long'],
  ] as const)('on the %s form, %j gives %j', (form, name, message) => {
    expect(checkProjectName(name, form)).toBe(message);
  });

  it('has the limits of spec 1 §9', () => {
    expect([PROJECT_NAME_MIN, PROJECT_NAME_MAX, PROJECT_SUMMARY_MAX]).toEqual([3, 70, 1000]);
  });

  it('compares names trimmed and case-insensitively', () => {
    expect(projectNameKey('  Lung Study ')).toBe(projectNameKey('lung study'));
    expect(projectNameKey('Lung Study')).not.toBe(projectNameKey('Lung  Study'));
  });
});

describe('project summary', () => {
  it('allows up to 1000 characters', () => {
    expect(checkProjectSummary('')).toBeNull();
    expect(checkProjectSummary('s'.repeat(1000))).toBeNull();
    expect(checkProjectSummary('s'.repeat(1001))).toBe(
      'Project summary must be at most 1000 characters long',
    );
  });
});

describe('folder id', () => {
  it.each(['', '0000', '1234', '9999'])('accepts %j', (id) => {
    expect(checkFolderId(id)).toBeNull();
  });
  it.each(['1', '123', '12345', '12a4', ' 123', '123 ', '١٢٣٤', '-123', '12.3'])('refuses %j', (id) => {
    expect(checkFolderId(id)).toBe('Folder ID must consist of 4 numerical digits.');
  });
});

describe('messages', () => {
  it('use the wording of spec 1 §5 and §8', () => {
    expect(PROJECT_MESSAGES.nameInUse('Lung')).toBe('Project name "Lung" is in use. Choose another name');
    expect(PROJECT_MESSAGES.nameRefused('Lung')).toBe(
      'The project name: Lung is already in use. Please select a different name for this project.',
    );
    expect(PROJECT_MESSAGES.notFound).toBe('Project could not be found');
    expect(PROJECT_MESSAGES.createFailed('boom')).toBe('Project creation failed: boom');
    expect(PROJECT_MESSAGES.updateFailed('boom')).toBe('Project update failed: boom');
  });
});
