/**
 * The settings tabs live in the URL hash (spec 1 §2): #general and #members, and #classes for the
 * project's annotation classes (issue #13). An unknown or empty hash, or a tab the user may not open,
 * becomes #general.
 */
export const SETTINGS_TABS = ['general', 'members', 'classes'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const MEMBERS_NOT_ALLOWED = 'Current user is not allowed to view project members';

export function settingsTabOf(hash: string, canViewMembers: boolean): SettingsTab | null {
  const tab = hash.replace(/^#/, '');
  if (tab === 'general' || tab === 'classes') return tab;
  if (tab === 'members' && canViewMembers) return 'members';
  return null;
}
