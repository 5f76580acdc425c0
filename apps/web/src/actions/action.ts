/**
 * Every user command is an action (STYLE habit 7): a name, a label, shortcuts, when it is offered and
 * enabled, and what it does. A feature lists its actions once in a registry over its own context (the
 * grid's focus and selection, the slide table's permissions and history); a component binds the
 * registry to its current context, and its toolbar buttons, menu items and key presses all perform
 * those bound actions, so a label, a shortcut or an enabled rule is written in one place. The slide
 * viewer's commands and keys are such actions (features/viewer/viewer-actions.ts).
 */
import {
  formatChord,
  isApplePlatform,
  matchesChord,
  parseChord,
  specificity,
  type Chord,
  type KeyPress,
} from './shortcut.ts';

/** How an action was invoked: from a button (a menu it opens is placed under it) or a key. */
export interface Invocation {
  anchor?: HTMLElement;
  /** The key pressed, when a key performed it: typing into a cell starts editing with that character. */
  key?: string;
}

export interface Action<C> {
  /** A stable name ('grid.moveDown', 'slides.undo'): tests and code find an action by it. */
  readonly id: string;
  /** What the user reads: the spec's wording where the spec names the command. */
  readonly label: string | ((context: C) => string);
  /** The chords that perform it (see shortcut.ts); the first is the one shown in hints. */
  readonly shortcuts?: readonly string[];
  /** The chord shown on Apple platforms when it is not the first (spec 2: Redo is ⌘⇧Z on Mac). */
  readonly appleShortcut?: string;
  /** Whether it is offered at all (a permission, the kind of table); default yes. Not offered is not shown. */
  isAvailable?(context: C): boolean;
  /** The page it goes to, for an action that opens one: menus draw it as a link (a new tab works too). */
  href?(context: C): string;
  /** Whether it can run now; default yes. A disabled button is greyed, a disabled chord is not consumed. */
  isEnabled?(context: C): boolean;
  /** Why it is disabled, as its tooltip says then (spec 1 §6: 'No slide copy permission'). */
  disabledReason?(context: C): string;
  perform(context: C, invocation: Invocation): void;
}

/** An action bound to the context it acts in: what buttons, menu items and the keyboard use. */
export interface BoundAction {
  readonly id: string;
  readonly label: string;
  readonly chords: readonly Chord[];
  /** The shortcut as the platform's users write it ('Ctrl+Z', '⌘Z'); undefined without one. */
  readonly hint: string | undefined;
  readonly isAvailable: boolean;
  readonly isEnabled: boolean;
  /** The action's disabledReason while it is disabled. */
  readonly disabledReason: string | undefined;
  readonly href: string | undefined;
  perform(invocation?: Invocation): void;
}

export interface ActionRegistry<C> {
  readonly actions: readonly Action<C>[];
  /** Binds every action to `context`; the answer keeps the registry's order. */
  bind(context: C, isApple?: boolean): BoundActions;
}

/** Bound actions by id, in the registry's order. */
export interface BoundActions {
  readonly list: readonly BoundAction[];
  get(id: string): BoundAction;
}

/** A registry of actions over one kind of context; ids must be unique and chords must parse. */
export function createActionRegistry<C>(actions: readonly Action<C>[]): ActionRegistry<C> {
  const ids = new Set<string>();
  const chords = new Map<string, Chord[]>();
  for (const action of actions) {
    if (ids.has(action.id)) throw new Error(`Two actions are named '${action.id}'`);
    ids.add(action.id);
    chords.set(action.id, (action.shortcuts ?? []).map(parseChord));
    if (action.appleShortcut) parseChord(action.appleShortcut);
  }
  return {
    actions,
    bind: (context, isApple = isApplePlatform()) =>
      boundActions(actions.map((action) => bindAction(action, chords.get(action.id)!, context, isApple))),
  };
}

function bindAction<C>(action: Action<C>, chords: Chord[], context: C, isApple: boolean): BoundAction {
  const shown = isApple && action.appleShortcut ? parseChord(action.appleShortcut) : chords[0];
  const isAvailable = action.isAvailable?.(context) ?? true;
  const isEnabled = isAvailable && (action.isEnabled?.(context) ?? true);
  return {
    id: action.id,
    label: typeof action.label === 'function' ? action.label(context) : action.label,
    chords,
    hint: shown && formatChord(shown, isApple),
    isAvailable,
    isEnabled,
    disabledReason: isEnabled ? undefined : action.disabledReason?.(context),
    href: isAvailable ? action.href?.(context) : undefined,
    perform: (invocation = {}) => action.perform(context, invocation),
  };
}

/** Joins bound actions (a component's own and those its host hands it) into one lookup. */
export function boundActions(list: readonly BoundAction[]): BoundActions {
  const byId = new Map(list.map((a) => [a.id, a]));
  return {
    list,
    get(id) {
      const action = byId.get(id);
      if (!action) throw new Error(`No action '${id}'`);
      return action;
    },
  };
}

/**
 * The enabled action a key press performs: of those with a fitting chord, the one whose chord names the
 * most modifiers, else the first in order. A disabled action is passed over, so one key can mean two
 * commands decided by the context (Enter opens a group row, else edits the cell).
 */
export function actionForKey(actions: readonly BoundAction[], press: KeyPress): BoundAction | undefined {
  let best: { action: BoundAction; rank: number } | undefined;
  for (const action of actions) {
    if (!action.isEnabled) continue;
    for (const chord of action.chords) {
      if (!matchesChord(chord, press)) continue;
      const rank = specificity(chord);
      if (!best || rank > best.rank) best = { action, rank };
    }
  }
  return best?.action;
}

/** The one keydown handler's work: performs the press's action and consumes the event; false when none fits. */
export function performKey(
  actions: readonly BoundAction[],
  event: KeyPress & { preventDefault(): void },
): boolean {
  const action = actionForKey(actions, event);
  if (!action) return false;
  event.preventDefault();
  action.perform({ key: event.key });
  return true;
}

/**
 * Whether a key press goes into a field that takes text (a cell editor, a number box): a page's hotkeys
 * leave such presses to the field. Switches, sliders and buttons take no text, so hotkeys work on them.
 */
export function isTextEntry(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target.matches(
        'textarea, select, input:not([type=checkbox], [type=radio], [type=range], [type=button])',
      ))
  );
}

/** The tooltip of a button: its label, with the shortcut when it has one ('Undo (Ctrl+Z)'). */
export const tooltipOf = (action: BoundAction): string =>
  action.disabledReason ?? (action.hint ? `${action.label} (${action.hint})` : action.label);
