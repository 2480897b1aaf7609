// The labeling workbench's keyboard map: a pure function from a key press to an action (unit-tested).

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

export function actionFor(press: KeyPress): WorkbenchAction | undefined {
  if (press.inTextField || press.altKey) return undefined;
  if ((press.ctrlKey || press.metaKey) && press.key.toLowerCase() === 'z') return { kind: 'undo' };
  if (press.ctrlKey || press.metaKey) return undefined;
  switch (press.key) {
    case 'p':
      return { kind: 'verdict', verdict: 'pass' };
    case 'f':
      return { kind: 'verdict', verdict: 'fail' };
    case 'd':
      return { kind: 'verdict', verdict: 'defer' };
    case 'j':
      return { kind: 'move', direction: 'next' };
    case 'k':
      return { kind: 'move', direction: 'previous' };
    case 'ArrowDown':
      return { kind: 'dimension', by: 1 };
    case 'ArrowUp':
      return { kind: 'dimension', by: -1 };
    case 't':
      return { kind: 'focusTags' };
    case 'n':
      return { kind: 'focusNotes' };
    case 'u':
      return { kind: 'undo' };
    default:
      return /^[0-5]$/.test(press.key) ? { kind: 'score', value: Number(press.key) } : undefined;
  }
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
