// The labeling workbench's keyboard map: a pure function from a key press to an action (unit-tested).
import { LABEL_VERDICTS } from '../../src-shared/model';

export type WorkbenchAction =
  | Readonly<{ kind: 'verdict'; verdict: 'pass' | 'fail' | 'defer' }>
  | Readonly<{ kind: 'move'; direction: 'next' | 'previous' }>
  | Readonly<{ kind: 'score'; value: number }>
  | Readonly<{ kind: 'dimension'; by: 1 | -1 }>
  | Readonly<{ kind: 'focusTags' }>
  | Readonly<{ kind: 'focusNotes' }>
  | Readonly<{ kind: 'undo' }>;

export type KeyPress = Readonly<{
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  inTextField: boolean;
}>;

export const KEY_HELP: readonly (readonly [string, string])[] = [
  ['p / f / d', 'pass, fail, defer (then next)'],
  ['j / k', 'next / previous item'],
  ['↑ / ↓', 'choose a dimension'],
  ['0-5', 'score the chosen dimension'],
  ['t', 'add a tag'],
  ['n', 'write a note'],
  ['u or Ctrl+Z', 'undo the last change'],
];

/** The key that sets each verdict; the verdict buttons show it. */
export const VERDICT_KEYS = { pass: 'p', fail: 'f', defer: 'd' } as const;

/** The single keys with a fixed action (digits, which score, are read apart). */
const KEY_ACTIONS: ReadonlyMap<string, WorkbenchAction> = new Map<string, WorkbenchAction>([
  ...LABEL_VERDICTS.map((verdict) => [VERDICT_KEYS[verdict], { kind: 'verdict', verdict }] as const),
  ['j', { kind: 'move', direction: 'next' }],
  ['k', { kind: 'move', direction: 'previous' }],
  ['ArrowDown', { kind: 'dimension', by: 1 }],
  ['ArrowUp', { kind: 'dimension', by: -1 }],
  ['t', { kind: 'focusTags' }],
  ['n', { kind: 'focusNotes' }],
  ['u', { kind: 'undo' }],
]);

export function actionFor(press: KeyPress): WorkbenchAction | undefined {
  if (press.inTextField || press.altKey) return undefined;
  if ((press.ctrlKey || press.metaKey) && press.key.toLowerCase() === 'z') return { kind: 'undo' };
  if (press.ctrlKey || press.metaKey) return undefined;
  const action = KEY_ACTIONS.get(press.key);
  if (action) return action;
  return /^[0-5]$/.test(press.key) ? { kind: 'score', value: Number(press.key) } : undefined;
}

/** The fields of a keyboard event the map reads (structural, so this module stays free of DOM types). */
export type KeyEventLike = Readonly<{
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: unknown;
}>;

/** The action of a keyboard event; typing in an input, text area, select or editable element is left alone. */
export function actionForEvent(event: KeyEventLike): WorkbenchAction | undefined {
  const target = (event.target ?? {}) as { tagName?: string; isContentEditable?: boolean };
  const inTextField =
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName ?? '') || target.isContentEditable === true;
  return actionFor({
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    inTextField,
  });
}
