/** The Hire menu of spec section 2: category groups, their tags and display names. */
export interface HireCategoryGroup {
  title: string;
  tags: readonly string[];
}

export const HIRE_CATEGORY_GROUPS: readonly HireCategoryGroup[] = [
  { title: 'Backdrops', tags: ['backdrops', 'solid_walls', 'metal_backdrops', 'ceremony_arches'] },
  {
    title: 'Plinths',
    tags: ['plinths', 'cake_plinths', 'ghost_plinths', 'acrylic_plinths', 'wooden_plinths', 'coloured_plinths'],
  },
  {
    title: 'Tables',
    tags: [
      'tables',
      'dining_tables',
      'side_tables',
      'coffee_tables',
      'cake_tables',
      'bars_djtables',
      'tableware',
      'tableclothes',
    ],
  },
  {
    title: 'Decor',
    tags: [
      'decor',
      'candle_holders',
      'trays',
      'wishing_wells',
      'servingware',
      'ice_buckets',
      'bows',
      'cake_stands',
      'pots_vases',
      'cushions_rugs',
      'umbrellas',
      'table_numbers',
    ],
  },
  { title: 'Signage', tags: ['signage_stands', 'easels', 'boxes', 'hanging_stands'] },
  {
    title: 'Others',
    tags: ['stages', 'wedding', 'seating', 'carts_trolleys', 'ghost_range', 'kids_themes', 'animals', 'neon_signs'],
  },
];

const DISPLAY_NAMES: Record<string, string> = {
  backdrops: 'Backdrops',
  solid_walls: 'Solid Walls',
  metal_backdrops: 'Metal Backdrops',
  ceremony_arches: 'Ceremony Arches',
  plinths: 'Plinths',
  cake_plinths: 'Cake Plinths',
  ghost_plinths: 'Ghost Plinths',
  acrylic_plinths: 'Acrylic Plinths',
  wooden_plinths: 'Wooden Plinths',
  coloured_plinths: 'Coloured Plinths',
  tables: 'Tables',
  dining_tables: 'Dining Tables',
  side_tables: 'Side Tables',
  coffee_tables: 'Coffee Tables',
  cake_tables: 'Cake Tables',
  bars_djtables: 'Bars & DJ Tables',
  tableware: 'Tableware',
  tableclothes: 'Tablecloths',
  decor: 'Decor',
  candle_holders: 'Candle Holders',
  trays: 'Trays',
  wishing_wells: 'Wishing Wells',
  servingware: 'Servingware',
  ice_buckets: 'Ice Buckets',
  bows: 'Bows',
  cake_stands: 'Cake Stands',
  pots_vases: 'Pots & Vases',
  cushions_rugs: 'Cushions & Rugs',
  umbrellas: 'Umbrellas',
  table_numbers: 'Table Numbers',
  signage_stands: 'Signage Stands',
  easels: 'Easels',
  boxes: 'Boxes',
  hanging_stands: 'Hanging Stands',
  stages: 'Stages',
  wedding: 'Wedding',
  seating: 'Seating',
  carts_trolleys: 'Carts & Trolleys',
  ghost_range: 'Ghost Range',
  kids_themes: 'Kids Themes',
  animals: 'Animals',
  neon_signs: 'Neon Signs',
};

export const HIRE_TAGS: readonly string[] = HIRE_CATEGORY_GROUPS.flatMap((group) => group.tags);

export function isHireTag(tag: string): boolean {
  return Object.hasOwn(DISPLAY_NAMES, tag);
}

/** Human name of a tag; unknown tags are title-cased from their key. */
export function tagDisplayName(tag: string): string {
  return (
    DISPLAY_NAMES[tag] ??
    tag
      .split(/[_-]+/)
      .filter(Boolean)
      .map((word) => word[0]?.toUpperCase() + word.slice(1))
      .join(' ')
  );
}
