import { describe, expect, it } from 'vitest';
import {
  listingPath,
  listingTitle,
  localBusinessJsonLd,
  priceValidUntil,
  productJsonLd,
  serializeJsonLd,
} from '../../../../src/features/seo/seo-rules';
import { DEMO_BUSINESS } from '../../../fixtures/demo-business';

describe('the business as a LocalBusiness (issue 50)', () => {
  const ORIGIN = 'https://shop.example';
  it('says where it is when business.json gives coordinates, and shows a photo of its work', () => {
    const business = {
      ...DEMO_BUSINESS,
      mapQuery: '-33.9486,151.0487',
      collage: [{ url: '/photos/site/collage-1.webp', title: 'Arch', link: null, small: true }],
    };
    expect(localBusinessJsonLd(business, ORIGIN)).toMatchObject({
      geo: { '@type': 'GeoCoordinates', latitude: -33.9486, longitude: 151.0487 },
      image: `${ORIGIN}/photos/site/collage-1.webp`,
    });
    // A place to search for has no coordinates: no geo. No collage: the logo.
    const searched = localBusinessJsonLd(
      { ...DEMO_BUSINESS, mapQuery: '12 Example St, Riverwood', collage: [], logoUrl: '/brand/logo.svg' },
      ORIGIN,
    );
    expect(searched).not.toHaveProperty('geo');
    expect(searched).toMatchObject({ image: `${ORIGIN}/brand/logo.svg` });
  });
});

describe('titles and canonical paths (spec section 2)', () => {
  it('reads {Category} Hire, {Category} Hire - Page {n}, or All Hire Props', () => {
    expect(listingTitle('Ghost Range')).toBe('Ghost Range Hire');
    expect(listingTitle('Ghost Range', 3)).toBe('Ghost Range Hire - Page 3');
    expect(listingTitle(null)).toBe('All Hire Props');
  });
  it('builds canonical paths per category and page', () => {
    expect(listingPath(null)).toBe('/hire');
    expect(listingPath('decor')).toBe('/hire/decor');
    expect(listingPath('decor', 1)).toBe('/hire/decor');
    expect(listingPath('decor', 2)).toBe('/hire/decor/page/2');
    expect(listingPath(null, 2)).toBe('/hire?page=2');
    expect(listingPath(null, 1, 'bundles')).toBe('/hire?view=bundles');
    expect(listingPath(null, 3, 'bundles')).toBe('/hire?view=bundles&page=3');
  });
});

describe('Product structured data', () => {
  const item = {
    id: 'abc',
    type: 'bundle' as const,
    name: 'Ghost Lounge',
    description: 'Clear chairs',
    photoUrl: '/photos/abc/large_abc.webp',
    priceInCents: 12345,
    available: 0,
  };
  it('offers in AUD with SKU {type}-{id}, a year of price validity and absolute images', () => {
    const data = productJsonLd(
      [item],
      'https://shop.example',
      '/hire',
      'Tan & Tassel',
      new Date('2026-11-21T10:00:00Z'),
    );
    const product = data['@graph'][0];
    expect(product).toMatchObject({
      '@type': 'Product',
      sku: 'bundle-abc',
      image: 'https://shop.example/photos/abc/large_abc.webp',
      offers: {
        priceCurrency: 'AUD',
        price: '123.45',
        priceValidUntil: '2027-11-21',
        availability: 'https://schema.org/OutOfStock',
        url: 'https://shop.example/hire?type=bundle&id=abc',
      },
    });
    expect(priceValidUntil(new Date('2028-02-29T00:00:00Z'))).toBe('2029-03-01');
  });
  it('cannot close its script element', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script>');
  });
});
