import { describe, expect, it } from 'vitest';
import demoBusiness from '../../../../server/seed/demo-business.json';
import { wrapIndex } from '../../../../src/features/services/carousel';

describe('service carousel', () => {
  it('wraps around at both ends', () => {
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(4, 3)).toBe(1);
    expect(wrapIndex(0, 0)).toBe(0);
  });

  it("gives each of the demo's services a title, a summary, a longer text and 3 photos", () => {
    for (const service of demoBusiness.services) {
      expect(service.summary.length).toBeGreaterThan(10);
      expect(service.text.length).toBeGreaterThan(service.summary.length);
      expect(service.photos).toHaveLength(3);
    }
  });
});
