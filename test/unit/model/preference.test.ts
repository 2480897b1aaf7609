import { describe, expect, it } from 'vitest';
import { preferenceOf, preferenceTag, withPreferenceTag } from '../../../src-shared/model/preference';

describe('preference tags', () => {
  it('records one preference per baseline result and keeps every other tag', () => {
    const tags = withPreferenceTag(['hours', 'vs #7: worse'], 42, 'better');
    expect(tags).toEqual(['hours', 'vs #7: worse', 'vs #42: better']);
    expect(preferenceOf(tags, 42)).toBe('better');
    expect(preferenceOf(tags, 7)).toBe('worse');
    expect(preferenceOf(tags, 4)).toBeNull();
    const changed = withPreferenceTag(tags, 42, 'same');
    expect(changed).toEqual(['hours', 'vs #7: worse', 'vs #42: same']);
    expect(withPreferenceTag(changed, 42, null)).toEqual(['hours', 'vs #7: worse']);
    expect(preferenceTag('worse', 420)).toBe('vs #420: worse');
    // A tag a person typed that only looks alike is not a preference.
    expect(preferenceOf(['vs #42: better, really'], 42)).toBeNull();
  });
});
