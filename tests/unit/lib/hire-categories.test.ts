import { describe, expect, it } from 'vitest';
import { HIRE_CATEGORY_GROUPS, HIRE_TAGS, isHireTag, tagDisplayName } from '../../../src/lib/hire-categories';

describe('hire categories', () => {
  it('lists the six groups of the Hire menu and their tags once each', () => {
    expect(HIRE_CATEGORY_GROUPS.map((g) => g.title)).toEqual([
      'Backdrops',
      'Plinths',
      'Tables',
      'Decor',
      'Signage',
      'Others',
    ]);
    expect(new Set(HIRE_TAGS).size).toBe(HIRE_TAGS.length);
    expect(HIRE_TAGS).toHaveLength(42);
  });

  it('has a human display name for every tag', () => {
    for (const tag of HIRE_TAGS) {
      expect(isHireTag(tag)).toBe(true);
      expect(tagDisplayName(tag)).not.toContain('_');
    }
    expect(tagDisplayName('bars_djtables')).toBe('Bars & DJ Tables');
    expect(tagDisplayName('tableclothes')).toBe('Tablecloths');
  });

  it('title-cases an unknown tag', () => {
    expect(isHireTag('party_lights')).toBe(false);
    expect(tagDisplayName('party_lights')).toBe('Party Lights');
  });
});
