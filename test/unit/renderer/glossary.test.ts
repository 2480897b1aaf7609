import { describe, expect, it } from 'vitest';
import { GLOSSARY, isTermId, TERM_IDS, termsInText } from '../../../src-renderer/components/glossary';

describe('glossary', () => {
  it('defines every term the issue names, each in words of its own', () => {
    for (const id of ['tpr', 'tnr', 'gold_set', 'advisory', 'confidence_interval', 'chrf', 'combine', 'weighted_avg'])
      expect(isTermId(id)).toBe(true);
    for (const id of ['any_pass', 'all_pass', 'deciding_question', 'attempt']) expect(isTermId(id)).toBe(true);
    for (const id of ['active_labeling', 'settle', 'rogan_gladen', 'ppi', 'drift_window'])
      expect(isTermId(id)).toBe(true);
    for (const id of TERM_IDS) expect(GLOSSARY[id].short.length).toBeGreaterThan(40);
    expect(new Set(TERM_IDS.map((id) => GLOSSARY[id].short)).size).toBe(TERM_IDS.length);
    expect(isTermId('toString')).toBe(false);
    expect(isTermId(undefined)).toBe(false);
  });

  it('finds combine modes and chrF in free text, and leaves look-alikes alone', () => {
    expect(termsInText('0.67 (weighted_avg ≥ 0.5): passed; failed: greet')).toEqual([
      '0.67 (',
      { term: 'weighted_avg', text: 'weighted_avg' },
      ' ≥ 0.5): passed; failed: greet',
    ]);
    expect(termsInText('chrF++ 0.812 against expected (threshold 0.6)')).toEqual([
      { term: 'chrf', text: 'chrF++' },
      ' 0.812 against expected (threshold 0.6)',
    ]);
    expect(termsInText('any_pass, then all_pass')).toEqual([
      { term: 'any_pass', text: 'any_pass' },
      ', then ',
      { term: 'all_pass', text: 'all_pass' },
    ]);
    expect(termsInText('my_any_pass_check and chrFoo stay text')).toEqual(['my_any_pass_check and chrFoo stay text']);
  });
});
