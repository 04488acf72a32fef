import { describe, expect, it } from 'vitest';
import { wrapIndex } from '../../../../src/features/services/carousel';
import { SERVICES } from '../../../../src/features/services/services-data';
import { SERVICE_KEYS } from '../../../../src/lib/services';

describe('service carousel', () => {
  it('wraps around at both ends', () => {
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(4, 3)).toBe(1);
    expect(wrapIndex(0, 0)).toBe(0);
  });

  it('has a title, descriptions and at least 3 photos for every service key', () => {
    for (const key of SERVICE_KEYS) {
      const service = SERVICES[key];
      expect(service.key).toBe(key);
      expect(service.description.length).toBeGreaterThan(10);
      expect(service.longDescription.length).toBeGreaterThan(service.description.length);
      expect(service.images.length).toBeGreaterThanOrEqual(3);
      for (const url of service.images)
        expect(url).toMatch(new RegExp(`^/photos/service-${key}/xlarge_${key}-\\d\\.webp$`));
    }
  });
});
