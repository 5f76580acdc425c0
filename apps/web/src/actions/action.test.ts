import { describe, expect, it } from 'vitest';
import { actionForKey, boundActions, createActionRegistry, performKey, tooltipOf } from './action.ts';
import { CHAR, type KeyPress } from './shortcut.ts';

const press = (key: string, mods: Partial<Omit<KeyPress, 'key'>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

interface Ctx {
  canUndo: boolean;
  isGroup: boolean;
  log: string[];
}

const registry = createActionRegistry<Ctx>([
  {
    id: 'undo',
    label: 'Undo',
    shortcuts: ['Mod+Z'],
    isEnabled: (c) => c.canUndo,
    perform: (c) => c.log.push('undo'),
  },
  {
    id: 'redo',
    label: 'Redo',
    shortcuts: ['Mod+Y', 'Mod+Shift+Z'],
    appleShortcut: 'Mod+Shift+Z',
    perform: (c) => c.log.push('redo'),
  },
  {
    id: 'toggleGroup',
    label: 'Expand or collapse group',
    shortcuts: ['Enter'],
    isEnabled: (c) => c.isGroup,
    perform: (c) => c.log.push('toggle'),
  },
  { id: 'edit', label: 'Edit cell', shortcuts: ['Enter', 'F2'], perform: (c) => c.log.push('edit') },
  { id: 'type', label: 'Type', shortcuts: [CHAR], perform: (c, { key }) => c.log.push(`type ${key}`) },
  {
    id: 'delete',
    label: (c) => (c.isGroup ? 'Delete group' : 'Delete'),
    isAvailable: (c) => !c.canUndo,
    perform: (c) => c.log.push('delete'),
  },
]);

const bind = (ctx: Partial<Ctx> = {}, isApple = false) => {
  const context: Ctx = { canUndo: true, isGroup: false, log: [], ...ctx };
  return { context, actions: registry.bind(context, isApple) };
};

describe('action registry', () => {
  it('binds labels, hints and states to a context', () => {
    const { actions } = bind({ canUndo: false, isGroup: true });
    expect(actions.get('undo')).toMatchObject({
      label: 'Undo',
      hint: 'Ctrl+Z',
      isEnabled: false,
      isAvailable: true,
    });
    expect(tooltipOf(actions.get('redo'))).toBe('Redo (Ctrl+Y)');
    expect(actions.get('delete')).toMatchObject({
      label: 'Delete group',
      hint: undefined,
      isAvailable: true,
    });
    expect(tooltipOf(actions.get('delete'))).toBe('Delete group');
    expect(bind().actions.get('delete')).toMatchObject({ isAvailable: false, isEnabled: false });
    expect(() => actions.get('nothing')).toThrow("No action 'nothing'");
  });

  it('shows the Apple chord where one is named', () => {
    const { actions } = bind({}, true);
    expect(actions.get('undo').hint).toBe('⌘Z');
    expect(actions.get('redo').hint).toBe('⇧⌘Z');
  });

  it('refuses two actions of one name and chords that do not parse', () => {
    const perform = () => undefined;
    expect(() =>
      createActionRegistry([
        { id: 'a', label: 'A', perform },
        { id: 'a', label: 'B', perform },
      ]),
    ).toThrow("Two actions are named 'a'");
    expect(() => createActionRegistry([{ id: 'a', label: 'A', shortcuts: ['Cmd+A'], perform }])).toThrow();
  });

  it('a key performs the enabled action whose chord names the most modifiers', () => {
    const { context, actions } = bind();
    expect(actionForKey(actions.list, press('z', { ctrlKey: true }))?.id).toBe('undo');
    expect(actionForKey(actions.list, press('Z', { ctrlKey: true, shiftKey: true }))?.id).toBe('redo');
    expect(actionForKey(actions.list, press('y', { metaKey: true }))?.id).toBe('redo');
    const event = {
      ...press('q'),
      isDefaultPrevented: false,
      preventDefault: () => (event.isDefaultPrevented = true),
    };
    expect(performKey(actions.list, event)).toBe(true);
    expect(event.isDefaultPrevented).toBe(true);
    expect(context.log).toEqual(['type q']);
  });

  it('a disabled action lets the key go to the next one, or to the browser', () => {
    expect(actionForKey(bind({ isGroup: true }).actions.list, press('Enter'))?.id).toBe('toggleGroup');
    expect(actionForKey(bind({ isGroup: false }).actions.list, press('Enter'))?.id).toBe('edit');
    const { context, actions } = bind({ canUndo: false });
    const event = { ...press('z', { ctrlKey: true }), preventDefault: () => context.log.push('prevented') };
    expect(performKey(actions.list, event)).toBe(false);
    expect(context.log).toEqual([]);
  });

  it('joins the bound actions of several registries, the first list winning ties', () => {
    const other = createActionRegistry<null>([
      { id: 'save', label: 'Save', shortcuts: ['Mod+S'], perform: () => undefined },
    ]);
    const joined = boundActions([...bind().actions.list, ...other.bind(null, false).list]);
    expect(joined.get('save').hint).toBe('Ctrl+S');
    expect(actionForKey(joined.list, press('s', { ctrlKey: true }))?.id).toBe('save');
  });
});
