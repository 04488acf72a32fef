/**
 * The demo shop's categories: the Hire menu of spec section 2, written by the seed as the demo
 * folder's categories.csv (and given by a data migration to databases seeded before issue 32).
 * "Signage" and "Others" are groups of the menu: no demo item is tagged with them directly, so the
 * menu shows their children only, as the spec lists them.
 */
const MENU: [key: string, name: string, children: [key: string, name: string][]][] = [
  [
    'backdrops',
    'Backdrops',
    [
      ['solid_walls', 'Solid Walls'],
      ['metal_backdrops', 'Metal Backdrops'],
      ['ceremony_arches', 'Ceremony Arches'],
    ],
  ],
  [
    'plinths',
    'Plinths',
    [
      ['cake_plinths', 'Cake Plinths'],
      ['ghost_plinths', 'Ghost Plinths'],
      ['acrylic_plinths', 'Acrylic Plinths'],
      ['wooden_plinths', 'Wooden Plinths'],
      ['coloured_plinths', 'Coloured Plinths'],
    ],
  ],
  [
    'tables',
    'Tables',
    [
      ['dining_tables', 'Dining Tables'],
      ['side_tables', 'Side Tables'],
      ['coffee_tables', 'Coffee Tables'],
      ['cake_tables', 'Cake Tables'],
      ['bars_djtables', 'Bars & DJ Tables'],
      ['tableware', 'Tableware'],
      ['tableclothes', 'Tablecloths'],
    ],
  ],
  [
    'decor',
    'Decor',
    [
      ['candle_holders', 'Candle Holders'],
      ['trays', 'Trays'],
      ['wishing_wells', 'Wishing Wells'],
      ['servingware', 'Servingware'],
      ['ice_buckets', 'Ice Buckets'],
      ['bows', 'Bows'],
      ['cake_stands', 'Cake Stands'],
      ['pots_vases', 'Pots & Vases'],
      ['cushions_rugs', 'Cushions & Rugs'],
      ['umbrellas', 'Umbrellas'],
      ['table_numbers', 'Table Numbers'],
    ],
  ],
  [
    'signage',
    'Signage',
    [
      ['signage_stands', 'Signage Stands'],
      ['easels', 'Easels'],
      ['boxes', 'Boxes'],
      ['hanging_stands', 'Hanging Stands'],
    ],
  ],
  [
    'others',
    'Others',
    [
      ['stages', 'Stages'],
      ['wedding', 'Wedding'],
      ['seating', 'Seating'],
      ['carts_trolleys', 'Carts & Trolleys'],
      ['ghost_range', 'Ghost Range'],
      ['kids_themes', 'Kids Themes'],
      ['animals', 'Animals'],
      ['neon_signs', 'Neon Signs'],
    ],
  ],
];

export interface DemoCategory {
  key: string;
  name: string;
  parent: string;
  position: number;
}

export const DEMO_CATEGORIES: DemoCategory[] = MENU.flatMap(([key, name, children], group) => [
  { key, name, parent: '', position: (group + 1) * 100 },
  ...children.map(([childKey, childName], index) => ({
    key: childKey,
    name: childName,
    parent: key,
    position: (group + 1) * 100 + index + 1,
  })),
]);

/** The rows of the demo folder's categories.csv (columns as CATEGORY_COLUMNS). */
export const demoCategoryLines = (): string[][] =>
  DEMO_CATEGORIES.map((c) => [c.key, c.name, c.parent, String(c.position), '', '', '']);
