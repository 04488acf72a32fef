import { describe, expect, it } from 'vitest';
import { firstJobs, followUps, type SaveJob } from '../../../../src/features/offline/saved-catalogue/save-jobs';
import type { CatalogueItemResource } from '../../../../src/lib/api-contract';

const item = (id: string, type: 'product_groups' | 'bundles', photo: string | null) =>
  ({ id, type, attributes: { name: id, photo_url: photo } }) as unknown as CatalogueItemResource;

const urls = (jobs: SaveJob[]) => jobs.map((job) => job.url);

describe('firstJobs', () => {
  it("starts with page 1 of all items and all bundles, and the shop's settings", () => {
    const jobs = firstJobs();
    expect(urls(jobs).slice(0, 3)).toEqual([
      '/api/product_groups?page=1&per_page=30',
      '/api/bundles?page=1&per_page=30',
      '/api/business',
    ]);
    expect(jobs.filter((job) => job.kind === 'photo')).toEqual([]);
    expect(new Set(urls(jobs)).size).toBe(jobs.length);
    expect(jobs.some((job) => job.kind === 'availability')).toBe(false);
  });

  it('adds what is free on the event date when the shopper has picked one', () => {
    const jobs = firstJobs('2027-03-13');
    expect(jobs.filter((job) => job.kind === 'availability').map((job) => job.url)).toEqual([
      '/api/availability?date=2027-03-13',
    ]);
    expect(jobs).toHaveLength(firstJobs().length + 1);
    // Its answer leads to nothing more.
    expect(followUps(jobs.at(-1) as SaveJob, { data: { date: '2027-03-13', products: {} } }, [])).toEqual([]);
  });
});

describe('followUps', () => {
  it("leads from the shop's categories to page 1 of each with items, and their photos", () => {
    const business: SaveJob = { kind: 'business', url: '/api/business' };
    const categories = [
      { key: 'linen', items: 3, photoUrl: '/photos/c1/large_a.webp' },
      { key: 'runners', items: 0, photoUrl: null },
      { key: 'lighting', items: 1, photoUrl: null },
    ];
    expect(urls(followUps(business, { data: { categories } }, []))).toEqual([
      '/api/boomerang/items?tag=linen&page=1&per_page=30',
      '/photos/c1/large_a.webp',
      '/api/boomerang/items?tag=lighting&page=1&per_page=30',
    ]);
    expect(followUps(business, { data: {} }, [])).toEqual([]);
    // The collage's photos as a phone and a desktop show them, and each service's carousel.
    const site = {
      collage: [
        { url: '/photos/s1/large_a.webp', title: 'Tables', link: '/hire/tables', small: true },
        { url: '/photos/s3/large_c.webp', title: 'Urn', link: '/hire?type=product-group&id=g1', small: false },
      ],
      services: [{ slug: 'styling', photoUrls: ['/photos/s2/large_b.webp'] }],
    };
    expect(urls(followUps(business, { data: site }, []))).toEqual([
      '/photos/s1/large_a.webp',
      '/photos/s1/small_a.webp',
      '/photos/s3/large_c.webp',
      '/photos/s2/xlarge_b.webp',
    ]);
  });

  const products: SaveJob = {
    kind: 'listing',
    url: '/api/product_groups?page=1&per_page=30',
    source: { kind: 'products' },
    page: 1,
  };

  it('asks for the other pages of a listing from its first page only', () => {
    const body = { data: [], meta: { total_items: 61, per_page: 30 } };
    expect(urls(followUps(products, body, []))).toEqual([
      '/api/product_groups?page=2&per_page=30',
      '/api/product_groups?page=3&per_page=30',
    ]);
    expect(followUps({ ...products, page: 2 }, body, [])).toEqual([]);
  });

  it('indexes each listed item and asks for its detail, its photo list and its photo', () => {
    const index: CatalogueItemResource[] = [];
    const body = {
      data: [item('g1', 'product_groups', '/photos/g1/large.webp'), item('b1', 'bundles', null)],
      meta: { total_items: 2, per_page: 30 },
    };
    expect(urls(followUps(products, body, index))).toEqual([
      '/photos/g1/large.webp',
      '/api/product-groups/g1',
      '/api/photos?owner_id=g1',
      '/api/bundles/b1',
      '/api/photos?owner_id=b1',
    ]);
    expect(index.map((entry) => entry.id)).toEqual(['g1', 'b1']);
  });

  it('takes only photos from a tag listing: its items are in the full lists already', () => {
    const index: CatalogueItemResource[] = [];
    const tag: SaveJob = { kind: 'listing', url: '/x', source: { kind: 'tag', tag: 'decor' }, page: 1 };
    const body = {
      data: [item('g1', 'product_groups', '/photos/g1/large.webp')],
      meta: { total_items: 1, per_page: 30 },
    };
    expect(urls(followUps(tag, body, index))).toEqual(['/photos/g1/large.webp']);
    expect(index).toEqual([]);
  });

  it('takes the large photos of a photo list, the groups a bundle draws from, and nothing it cannot read', () => {
    const photos: SaveJob = { kind: 'photos', url: '/api/photos?owner_id=g1' };
    const list = {
      data: [
        { attributes: { large_url: '/photos/a.webp' } },
        { attributes: { large_url: 'https://elsewhere/b.webp' } },
        {},
      ],
    };
    expect(urls(followUps(photos, list, []))).toEqual(['/photos/a.webp']);

    const bundle: SaveJob = { kind: 'bundle', url: '/api/bundles/b1' };
    const detail = {
      data: {},
      included: [
        { type: 'bundle_items', attributes: { product_group_id: 'g9' } },
        { type: 'bundle_items', attributes: { product_group_id: 7 } },
        { type: 'products', attributes: { product_group_id: 'g8' } },
      ],
    };
    expect(urls(followUps(bundle, detail, []))).toEqual(['/api/product-groups/g9']);

    expect(followUps(products, null, [])).toEqual([]);
    expect(followUps(products, { data: 'nope' }, [])).toEqual([]);
    expect(followUps({ kind: 'photo', url: '/photos/a.webp' }, {}, [])).toEqual([]);
  });
});
