import { describe, expect, it } from 'vitest';
import { actionFor, actionForEvent } from '../../../src-renderer/components/label-keys';

const press = (
  key: string,
  extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; inTextField: boolean }> = {},
) => actionFor({ key, ctrlKey: false, metaKey: false, altKey: false, inTextField: false, ...extra });

describe('workbench keys', () => {
  it('maps p/f/d to verdicts and j/k to moves', () => {
    expect(press('p')).toEqual({ kind: 'verdict', verdict: 'pass' });
    expect(press('f')).toEqual({ kind: 'verdict', verdict: 'fail' });
    expect(press('d')).toEqual({ kind: 'verdict', verdict: 'defer' });
    expect(press('j')).toEqual({ kind: 'move', direction: 'next' });
    expect(press('k')).toEqual({ kind: 'move', direction: 'previous' });
  });

  it('maps digits 0-5 to a score and arrows to the dimension', () => {
    expect(press('4')).toEqual({ kind: 'score', value: 4 });
    expect(press('6')).toBeUndefined();
    expect(press('ArrowDown')).toEqual({ kind: 'dimension', by: 1 });
  });

  it('leaves typing in text fields alone, and undoes with u or Ctrl+Z', () => {
    expect(press('p', { inTextField: true })).toBeUndefined();
    expect(press('z', { ctrlKey: true })).toEqual({ kind: 'undo' });
    expect(press('u')).toEqual({ kind: 'undo' });
    expect(press('p', { ctrlKey: true })).toBeUndefined();
    expect(press('t')).toEqual({ kind: 'focusTags' });
  });

  it('reads a keyboard event, leaving inputs, selects and editable elements alone', () => {
    const event = (target: unknown) => ({ key: 'p', ctrlKey: false, metaKey: false, altKey: false, target });
    expect(actionForEvent(event({ tagName: 'DIV' }))).toEqual({ kind: 'verdict', verdict: 'pass' });
    expect(actionForEvent(event(null))).toEqual({ kind: 'verdict', verdict: 'pass' });
    expect(actionForEvent(event({ tagName: 'INPUT' }))).toBeUndefined();
    expect(actionForEvent(event({ tagName: 'SELECT' }))).toBeUndefined();
    expect(actionForEvent(event({ tagName: 'DIV', isContentEditable: true }))).toBeUndefined();
  });
});
