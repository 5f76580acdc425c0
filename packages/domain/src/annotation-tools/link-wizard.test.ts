import { describe, expect, it } from 'vitest';
import { isLinkedAfter, LINK_WIZARD_TEXTS, linkBlocker, togglePending } from './link-wizard.ts';

const free = { projectId: 'a', hasAccess: true, isSetLinked: false, hasConflictingSetName: false };

describe('link wizard (spec 2 §4, §5)', () => {
  it('marks a change, and cancels it when toggled back', () => {
    const marked = togglePending(new Map(), free);
    expect(marked.get('a')).toBe(true);
    expect(isLinkedAfter(marked, free)).toBe(true);
    expect(togglePending(marked, free).size).toBe(0);
    const linked = { ...free, isSetLinked: true };
    expect(togglePending(new Map(), linked).get('a')).toBe(false);
  });

  it('offers no project without access, nor one whose slide has a set of the same name', () => {
    expect(linkBlocker(free)).toBeNull();
    expect(linkBlocker({ ...free, hasAccess: false })).toBe(LINK_WIZARD_TEXTS.noAccess);
    expect(linkBlocker({ ...free, hasConflictingSetName: true })).toBe(LINK_WIZARD_TEXTS.nameInUse);
    // Linked already: its own name is no conflict, it can be unlinked.
    expect(linkBlocker({ ...free, isSetLinked: true, hasConflictingSetName: true })).toBeNull();
  });
});
