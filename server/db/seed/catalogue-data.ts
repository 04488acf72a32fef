/**
 * The demo catalogue of a Sydney prop hire business. Hand-written definitions; seed.ts expands them
 * into product groups, products (one per variation value), bundles, tags and photos, deterministically.
 */
import type { Shape } from './shapes';

export interface GroupDef {
  name: string;
  tags: string[];
  /** Hire price in dollars of the first variation. */
  price: number;
  shape: Shape;
  /** Stock range per product; the seed picks a stable value inside it. */
  stock: [number, number];
  about: string;
  field?: string;
  values?: string[];
  /** Colour used for the photo when the variation is not a colour. */
  colour?: string;
  /** Price added per variation step (sizes cost more). */
  step?: number;
  archived?: boolean;
  hidden?: boolean;
  /** Index of a variation whose stock is zero (out of stock). */
  soldOut?: number;
  /** Index of a variation that is archived. */
  retired?: number;
}

const g = (
  name: string,
  tags: string[],
  price: number,
  shape: Shape,
  stock: [number, number],
  about: string,
  variations?: [string, string[]],
  extra: Partial<GroupDef> = {},
): GroupDef => ({
  name,
  tags,
  price,
  shape,
  stock,
  about,
  field: variations?.[0],
  values: variations?.[1],
  ...extra,
});

const SIZES3 = ['Small', 'Medium', 'Large'];
const METALS = ['Gold', 'Silver', 'Rose Gold'];

export const GROUPS: GroupDef[] = [
  // Backdrops
  g('Arched Solid Wall Backdrop', ['backdrops', 'solid_walls', 'wedding'], 180, 'arch-wall', [1, 3], 'A freestanding 2.4 m arched timber wall, painted and sanded smooth, the centrepiece of many of our ceremonies.', ['Colour', ['White', 'Sage', 'Blush', 'Terracotta']], { soldOut: 3 }),
  g('Panel Solid Wall', ['backdrops', 'solid_walls'], 150, 'wall', [2, 6], 'Flat 1.2 m wide panels that link together into a wall of any length for dessert tables and photo corners.', ['Colour', ['White', 'Black', 'Cream', 'Pink']]),
  g('Scalloped Top Wall', ['backdrops', 'solid_walls', 'kids_themes'], 165, 'scallop-wall', [1, 4], 'A playful scalloped-edge wall that suits first birthdays, baby showers and bridal showers.', ['Colour', ['White', 'Pink', 'Blue', 'Sage']]),
  g('Chiara Round Backdrop', ['backdrops', 'solid_walls'], 140, 'round-wall', [1, 4], 'A 2 m circular backdrop on a hidden stand, lovely with a neon sign or a balloon garland.', ['Colour', ['White', 'Black', 'Natural']]),
  g('Gold Metal Hexagon Backdrop', ['backdrops', 'metal_backdrops', 'ceremony_arches'], 120, 'hexagon-frame', [1, 3], 'A powder-coated hexagon frame, ready to dress with florals, draping or greenery.', ['Colour', METALS]),
  g('Square Metal Frame Backdrop', ['backdrops', 'metal_backdrops'], 110, 'square-frame', [1, 4], 'Minimal square frame backdrop, 2 m by 2 m, with a weighted base for indoor and outdoor use.', ['Colour', ['Gold', 'Black', 'White']]),
  g('Mesh Grid Backdrop', ['backdrops', 'metal_backdrops'], 95, 'grid-frame', [2, 5], 'A metal grid wall for hanging photos, seating charts, florals and signage.', ['Colour', ['Gold', 'Black', 'White']]),
  g('Round Metal Arch', ['backdrops', 'metal_backdrops', 'ceremony_arches', 'wedding'], 130, 'ring-frame', [1, 4], 'A 2.2 m round arch on a flat base, the classic frame for a floral installation.', ['Colour', ['Gold', 'Black', 'White']]),
  g('Rustic Timber Ceremony Arch', ['backdrops', 'ceremony_arches', 'wedding'], 160, 'timber-arch', [1, 3], 'A hand-built hardwood arch with a natural oiled finish, for garden and vineyard ceremonies.', ['Finish', ['Natural', 'White Wash']], { colour: 'Oak' }),
  g('Triple Arch Set', ['backdrops', 'ceremony_arches', 'wedding'], 260, 'triple-arch', [1, 2], 'Three nested arched frames of staggered height that create depth behind a bridal table.', ['Colour', ['Gold', 'White', 'Black']]),
  g('Pampas Draped Arch', ['ceremony_arches', 'wedding'], 220, 'timber-arch', [1, 2], 'Our timber arch supplied dressed with dried pampas, palm spears and ivory chiffon.', undefined, { colour: 'Champagne' }),
  g('Velvet Curtain Backdrop', ['backdrops'], 85, 'curtain', [2, 6], 'A 3 m velvet curtain on a telescopic pipe-and-drape stand.', ['Colour', ['Burgundy', 'Navy', 'Sage', 'Blush', 'Black']]),
  g('Sequin Shimmer Wall', ['backdrops'], 120, 'wall', [1, 3], 'A shimmering sequin panel wall that moves in the breeze, for parties and product launches.', ['Colour', ['Gold', 'Silver', 'Rose Gold', 'Black']], { archived: true }),
  // Plinths
  g('Cylinder Plinth', ['plinths', 'coloured_plinths'], 45, 'cylinder', [4, 12], 'A seamless round plinth for cakes, florals and displays, in three heights that nest for a tiered look.', ['Size', SIZES3], { colour: 'White', step: 10 }),
  g('Silver Mirror Plinth', ['plinths', 'cake_plinths'], 65, 'mirror-plinth', [2, 6], 'A square plinth wrapped in silver mirror acrylic that reflects candlelight beautifully.', ['Size', SIZES3], { colour: 'Silver', step: 15 }),
  g('Gold Mirror Plinth', ['plinths', 'cake_plinths'], 65, 'mirror-plinth', [2, 6], 'The gold-mirrored twin of our best-selling silver plinth.', ['Size', SIZES3], { colour: 'Gold', step: 15 }),
  g('Round Cake Plinth', ['plinths', 'cake_plinths'], 55, 'cylinder', [2, 8], 'A sturdy 60 cm round plinth at cake-cutting height, with room for florals around the cake.', ['Colour', ['White', 'Black', 'Pink', 'Sage']]),
  g('Ghost Plinth', ['plinths', 'ghost_plinths', 'ghost_range', 'acrylic_plinths'], 60, 'ghost-plinth', [4, 12], 'A clear acrylic plinth that lets the styling float: our ghost range at its simplest.', ['Size', SIZES3], { colour: 'Clear', step: 12 }),
  g('Ghost Cube Plinth Set', ['plinths', 'ghost_plinths', 'ghost_range'], 110, 'ghost-plinth', [2, 5], 'A nesting set of three clear cubes for layered grazing tables and product displays.', undefined, { colour: 'Clear' }),
  g('Acrylic Round Plinth', ['plinths', 'acrylic_plinths'], 58, 'cylinder', [3, 8], 'A round plinth in frosted or clear acrylic, lit from within if paired with our LED bases.', ['Finish', ['Clear', 'Frosted White', 'Pink Tint']], { colour: 'Clear' }),
  g('Fluted Acrylic Plinth', ['plinths', 'acrylic_plinths'], 70, 'fluted-plinth', [2, 6], 'A ribbed acrylic column that catches light from every side.', ['Size', ['Small', 'Large']], { colour: 'Clear', step: 20 }),
  g('Timber Slat Plinth', ['plinths', 'wooden_plinths'], 50, 'slat-plinth', [3, 8], 'A slatted hardwood plinth with a natural finish, at home in rustic and coastal styling.', ['Size', SIZES3], { colour: 'Oak', step: 10 }),
  g('Rattan Plinth', ['plinths', 'wooden_plinths'], 48, 'cylinder', [2, 6], 'A woven rattan cylinder for boho and Mediterranean tables.', ['Size', ['Small', 'Large']], { colour: 'Rattan', step: 12 }),
  g('Coloured Square Plinth', ['plinths', 'coloured_plinths', 'kids_themes'], 40, 'square-plinth', [3, 10], 'A painted square plinth in a palette of soft and bright colours to match a theme.', ['Colour', ['Pink', 'Blue', 'Sage', 'Yellow', 'Lilac', 'Peach']], { soldOut: 5 }),
  g('Arch Top Plinth', ['plinths', 'coloured_plinths'], 52, 'arch-plinth', [2, 6], 'An arch-topped plinth that echoes our arched walls.', ['Colour', ['White', 'Terracotta', 'Sage', 'Blush']]),
  g('Travertine Look Plinth', ['plinths'], 68, 'square-plinth', [2, 4], 'A stone-look plinth with a textured travertine finish, light enough to carry.', ['Size', ['Small', 'Large']], { colour: 'Cream', step: 15, hidden: true }),
  // Tables
  g('Long Timber Dining Table', ['tables', 'dining_tables'], 120, 'table', [4, 14], 'A 2.4 m trestle table in recycled hardwood that seats ten.', ['Finish', ['Natural', 'Dark Walnut']], { colour: 'Oak' }),
  g('Round Banquet Table', ['tables', 'dining_tables'], 25, 'round-table', [20, 60], 'A 1.8 m round banquet table for ten guests, usually dressed with a floor-length cloth.', ['Size', ['1.5 m', '1.8 m']], { colour: 'Cream', step: 5 }),
  g('Ghost Dining Table', ['tables', 'dining_tables', 'ghost_range'], 190, 'table', [2, 4], 'A full acrylic dining table for the ultimate floating banquet.', undefined, { colour: 'Clear' }),
  g('Marble Side Table', ['tables', 'side_tables'], 35, 'side-table', [4, 10], 'A marble-top side table on a slim metal pedestal for lounges and welcome areas.', ['Colour', ['White', 'Black', 'Gold']]),
  g('Rattan Side Table', ['tables', 'side_tables'], 30, 'side-table', [3, 8], 'A round rattan side table, the companion of our peacock chairs.', undefined, { colour: 'Rattan' }),
  g('Timber Coffee Table', ['tables', 'coffee_tables'], 45, 'coffee-table', [3, 8], 'A low rectangular coffee table in oiled timber for lounge settings.', ['Finish', ['Natural', 'White Wash', 'Dark Walnut']], { colour: 'Oak' }),
  g('Acrylic Coffee Table', ['tables', 'coffee_tables', 'ghost_range'], 60, 'coffee-table', [2, 5], 'A clear waterfall coffee table that keeps a lounge light and open.', undefined, { colour: 'Clear' }),
  g('Round Cake Table', ['tables', 'cake_tables'], 60, 'round-table', [2, 6], 'An 80 cm round cake table with a smooth top, dressed or bare.', ['Colour', ['White', 'Natural', 'Black']]),
  g('Scalloped Cake Table', ['tables', 'cake_tables', 'kids_themes'], 75, 'round-table', [1, 3], 'A scallop-edged cake table for birthdays and bridal showers.', ['Colour', ['White', 'Pink', 'Blue']]),
  g('Mirror Bar', ['tables', 'bars_djtables'], 240, 'bar', [1, 2], 'A 2 m front bar clad in mirror panels with a bench for the bartenders behind.', ['Colour', ['Silver', 'Gold']]),
  g('Timber Slat Bar', ['tables', 'bars_djtables'], 210, 'bar', [1, 3], 'A hardwood slatted bar with shelving, 1.8 m wide.', undefined, { colour: 'Oak' }),
  g('DJ Booth Facade', ['tables', 'bars_djtables'], 190, 'bar', [1, 2], 'A lit facade for the DJ table that hides cables and gear.', ['Colour', ['White', 'Black']]),
  g('Cocktail Bar Table', ['tables', 'bars_djtables'], 28, 'high-table', [6, 24], 'A high cocktail table at standing height for canapes and drinks.', ['Colour', ['White', 'Black', 'Natural']]),
  g('Seashell Glass', ['tableware'], 2.5, 'glass', [60, 200], 'A shell-textured tumbler with a soft iridescent shimmer, lovely for water and cocktails.', ['Colour', ['Clear', 'Pink', 'Blue']]),
  g('Silver Goblet Cups', ['tableware', 'servingware'], 3, 'goblet', [50, 180], 'Hammered silver goblet cups for wine and cocktails, with a vintage feel.', ['Size', ['Standard', 'Large']], { colour: 'Silver', step: 0.5 }),
  g('Gold Rim Wine Glass', ['tableware'], 1.8, 'goblet', [100, 200], 'A fine crystal wine glass with a gold rim.', undefined, { colour: 'Gold' }),
  g('Coloured Wine Glass', ['tableware'], 2, 'goblet', [60, 160], 'Stemmed glasses in soft tinted glass that bring colour to a long table.', ['Colour', ['Pink', 'Blue', 'Green', 'Lilac', 'Peach', 'Yellow']]),
  g('Champagne Coupe', ['tableware'], 1.9, 'coupe', [80, 200], 'A vintage coupe for champagne towers and toasts.', ['Colour', ['Clear', 'Gold Rim']], { colour: 'Champagne' }),
  g('Gold Cutlery Set', ['tableware'], 3.5, 'cutlery', [80, 200], 'Knife, fork, spoon and dessert spoon in brushed gold.', ['Finish', ['Brushed Gold', 'Matte Black', 'Silver']], { colour: 'Gold' }),
  g('Scalloped Dinner Plate', ['tableware'], 2.2, 'plate', [80, 200], 'A scallop-edged ceramic dinner plate.', ['Colour', ['White', 'Pink', 'Sage']]),
  g('Glass Charger Plate', ['tableware'], 2.5, 'plate', [80, 200], 'A 33 cm glass charger with a beaded rim.', ['Colour', ['Gold', 'Silver', 'Clear']]),
  g('Rattan Charger Plate', ['tableware'], 2.5, 'plate', [60, 160], 'A woven rattan charger for relaxed, textured place settings.', undefined, { colour: 'Rattan' }),
  g('Linen Tablecloth', ['tableclothes'], 22, 'cloth', [10, 40], 'Washed linen tablecloth that drapes softly to the floor.', ['Colour', ['White', 'Sage', 'Blush', 'Terracotta', 'Charcoal']]),
  g('Round Floor Length Tablecloth', ['tableclothes'], 18, 'cloth', [20, 60], 'A 3.3 m round polyester cloth for banquet tables.', ['Colour', ['White', 'Ivory', 'Black']]),
  g('Table Runner', ['tableclothes'], 8, 'runner', [20, 80], 'A chiffon or cheesecloth runner that falls off the ends of a long table.', ['Colour', ['Ivory', 'Blush', 'Sage', 'Terracotta', 'Mustard']]),
  g('Linen Napkin', ['tableclothes', 'tableware'], 1.5, 'napkin', [100, 200], 'A washed linen napkin, pressed and folded.', ['Colour', ['White', 'Sage', 'Blush', 'Terracotta', 'Mustard', 'Charcoal']]),
  // Decor
  g('Gold Taper Candle Holder', ['decor', 'candle_holders'], 4, 'taper', [40, 120], 'A slim brass taper holder, gathered in clusters down a long table.', ['Size', SIZES3], { colour: 'Gold', step: 1 }),
  g('Glass Hurricane Lantern', ['decor', 'candle_holders'], 6, 'hurricane', [30, 90], 'A tall glass hurricane for pillar candles, safe outdoors.', ['Size', ['Small', 'Large']], { colour: 'Clear', step: 2 }),
  g('Candelabra', ['decor', 'candle_holders', 'wedding'], 18, 'candelabra', [10, 30], 'A five-arm candelabra that adds height to a bridal table.', ['Colour', ['Gold', 'Silver', 'Black']]),
  g('Mercury Tealight Holder', ['decor', 'candle_holders'], 1.2, 'tealight', [100, 200], 'A speckled mercury glass votive.', ['Colour', ['Gold', 'Silver', 'Rose Gold']]),
  g('Mirror Tray', ['decor', 'trays'], 12, 'tray', [10, 30], 'A round mirror tray for centrepieces, perfume bottles and desserts.', ['Colour', ['Gold', 'Silver']]),
  g('Rattan Tray', ['decor', 'trays'], 10, 'tray', [8, 24], 'An oval woven tray with handles.', ['Size', ['Small', 'Large']], { colour: 'Rattan', step: 3 }),
  g('Timber Serving Board', ['decor', 'trays', 'servingware'], 9, 'board', [10, 30], 'A long paddle board for grazing and charcuterie.', ['Size', SIZES3], { colour: 'Oak', step: 2 }),
  g('Acrylic Wishing Well', ['decor', 'wishing_wells', 'ghost_range', 'wedding'], 45, 'box', [2, 6], 'A clear box with a slot and a gold lid for cards at the reception.', undefined, { colour: 'Clear' }),
  g('Timber Wishing Well', ['decor', 'wishing_wells'], 40, 'box', [2, 5], 'A rustic timber box with a hinged lid.', undefined, { colour: 'Oak' }),
  g('Birdcage Wishing Well', ['decor', 'wishing_wells', 'wedding'], 42, 'birdcage', [1, 4], 'A domed birdcage that takes cards through the door.', ['Colour', ['White', 'Gold']]),
  g('Natural Scallop Clam Bowl', ['decor', 'servingware'], 7, 'clam', [20, 60], 'A natural scallop clam shell bowl for oysters, ice and coastal styling.', ['Size', ['Medium', 'Large']], { colour: 'Cream', step: 3 }),
  g('Marble Cake Board', ['servingware', 'cake_stands'], 10, 'board', [6, 18], 'A round marble board for cakes and cheese.', ['Colour', ['White', 'Black']]),
  g('Gold Cake Stand', ['decor', 'cake_stands', 'servingware'], 14, 'cake-stand', [8, 24], 'A footed cake stand in brushed gold.', ['Size', SIZES3], { colour: 'Gold', step: 3 }),
  g('Glass Cake Stand', ['decor', 'cake_stands'], 12, 'cake-stand', [8, 24], 'A pressed glass cake stand with a dome.', ['Size', ['Small', 'Large']], { colour: 'Clear', step: 3 }),
  g('Tiered Dessert Stand', ['cake_stands', 'servingware'], 16, 'tiered-stand', [6, 18], 'A three tier stand for macarons, cupcakes and sandwiches.', ['Colour', ['Gold', 'White', 'Silver']]),
  g('Silver Champagne Bucket', ['decor', 'ice_buckets', 'servingware'], 12, 'bucket', [10, 30], 'A polished ice bucket for two bottles.', ['Size', ['Single', 'Double']], { colour: 'Silver', step: 4 }),
  g('Galvanised Drinks Tub', ['ice_buckets'], 15, 'tub', [6, 20], 'A large galvanised tub for a self-serve drinks station.', undefined, { colour: 'Grey' }),
  g('Clear Ice Bucket', ['ice_buckets', 'ghost_range'], 11, 'bucket', [8, 24], 'A clear acrylic ice bucket with handles.', undefined, { colour: 'Clear' }),
  g('Satin Chair Bow', ['decor', 'bows', 'wedding'], 2, 'bow', [80, 200], 'A satin sash bow for chairs and pew ends.', ['Colour', ['Ivory', 'Blush', 'Sage', 'Burgundy', 'Navy', 'Champagne']]),
  g('Giant Velvet Bow', ['decor', 'bows'], 15, 'bow', [6, 20], 'A 60 cm velvet bow for backdrops, gates and cars.', ['Colour', ['Burgundy', 'Blush', 'White']], { retired: 2 }),
  g('Natural Urn', ['decor', 'pots_vases'], 20, 'urn', [4, 16], 'A hand-thrown natural clay urn with a textured finish, in small and large.', ['Size', ['Small', 'Large']], { colour: 'Natural', step: 10 }),
  g('White Ceramic Vase', ['decor', 'pots_vases'], 8, 'vase', [20, 60], 'A smooth white vase for single stems and small posies.', ['Size', SIZES3], { colour: 'White', step: 2 }),
  g('Terracotta Pot', ['decor', 'pots_vases'], 10, 'pot', [10, 40], 'A classic terracotta pot for olive trees and potted palms.', ['Size', SIZES3], { colour: 'Terracotta', step: 4 }),
  g('Bud Vase Set', ['decor', 'pots_vases'], 6, 'bud-vases', [20, 60], 'Five mismatched coloured glass bud vases.', ['Colour', ['Amber', 'Pink', 'Clear']]),
  g('Gold Trumpet Vase', ['decor', 'pots_vases'], 14, 'trumpet', [10, 30], 'A tall trumpet vase for statement florals above the guests.', ['Size', ['70 cm', '90 cm']], { colour: 'Gold', step: 4 }),
  g('Faux Olive Tree', ['decor', 'pots_vases'], 45, 'tree', [4, 12], 'A lifelike 1.8 m olive tree in a terracotta pot.', undefined, { colour: 'Sage' }),
  g('Boho Floor Cushion', ['decor', 'cushions_rugs'], 8, 'cushion', [20, 60], 'A round floor cushion for low picnic settings.', ['Colour', ['Mustard', 'Terracotta', 'Cream', 'Sage', 'Blush']]),
  g('Persian Style Rug', ['decor', 'cushions_rugs'], 35, 'rug', [4, 12], 'A faded Persian-style rug, 2 m by 3 m.', ['Colour', ['Red', 'Blue', 'Cream']]),
  g('Jute Rug', ['decor', 'cushions_rugs'], 30, 'rug', [4, 10], 'A natural braided jute rug, 2 m round.', undefined, { colour: 'Natural' }),
  g('Fringed Market Umbrella', ['decor', 'umbrellas'], 55, 'umbrella', [2, 8], 'A 2.4 m cotton umbrella with a tasselled fringe and a weighted base.', ['Colour', ['Cream', 'Natural', 'Sage']]),
  g('Lace Parasol', ['decor', 'umbrellas', 'wedding'], 12, 'parasol', [8, 20], 'A lace parasol for bridesmaids and outdoor ceremonies.', ['Colour', ['White', 'Ivory']]),
  g('Acrylic Table Number', ['decor', 'table_numbers', 'ghost_range'], 4, 'number', [20, 40], 'A clear table number on a stand, 1 to 40.', ['Finish', ['Gold Print', 'White Print', 'Black Print']], { colour: 'Clear' }),
  g('Timber Table Number', ['decor', 'table_numbers'], 3.5, 'number', [20, 40], 'A timber table number block, 1 to 40.', undefined, { colour: 'Oak' }),
  g('Gold Frame Table Number', ['decor', 'table_numbers'], 4.5, 'number', [20, 40], 'A gold photo frame holding a printed table number.', undefined, { colour: 'Gold', archived: true }),
  // Signage
  g('Acrylic Sign Stand', ['signage_stands'], 35, 'sign-stand', [4, 10], 'A floor stand that holds an A1 acrylic welcome sign.', ['Colour', ['Gold', 'Black', 'Silver']]),
  g('Welcome Sign', ['signage_stands', 'wedding'], 60, 'sign', [2, 6], 'A custom printed A1 welcome sign in acrylic, made to your wording.', ['Finish', ['Clear', 'Frosted', 'Mirror']], { colour: 'Clear' }),
  g('Timber Easel', ['easels', 'signage_stands'], 25, 'easel', [6, 18], 'A tripod timber easel for signs and seating charts.', ['Finish', ['Natural', 'White']], { colour: 'Oak' }),
  g('Gold Metal Easel', ['easels'], 30, 'easel', [4, 12], 'A slim gold display easel.', undefined, { colour: 'Gold' }),
  g('Large Floor Easel', ['easels'], 40, 'easel', [2, 6], 'A 1.8 m display easel for A0 boards.', ['Colour', ['White', 'Black']]),
  g('Card Box', ['boxes', 'wedding'], 28, 'box', [3, 8], 'A box for cards and envelopes with a personalised decal.', ['Colour', ['White', 'Clear', 'Black']]),
  g('Acrylic Display Box', ['boxes', 'ghost_range'], 22, 'box', [4, 12], 'A clear box for favours, shoes and keepsakes.', ['Size', ['Small', 'Large']], { colour: 'Clear', step: 6 }),
  g('Letter Block Boxes', ['boxes', 'kids_themes'], 45, 'blocks', [1, 3], 'Giant cube boxes that spell BABY, ONE or LOVE.', ['Word', ['BABY', 'ONE', 'LOVE', 'MR & MRS']], { colour: 'White' }),
  g('Hanging Sign Stand', ['hanging_stands', 'signage_stands'], 40, 'hanging-stand', [2, 8], 'A frame stand that hangs a sign or wreath from chains.', ['Colour', ['Gold', 'Black']]),
  g('Hanging Hoop Stand', ['hanging_stands'], 45, 'hoop-stand', [2, 6], 'A floor stand with a hanging 80 cm hoop for florals.', ['Colour', ['Gold', 'White']]),
  // Others
  g('Modular Stage Platform', ['stages'], 90, 'stage', [6, 20], 'A 1 m by 2 m stage deck with legs at 20, 40 or 60 cm.', ['Height', ['20 cm', '40 cm', '60 cm']], { colour: 'Charcoal', step: 10 }),
  g('White Carpeted Stage', ['stages', 'wedding'], 150, 'stage', [2, 6], 'A stage deck with a white carpet finish and a skirt.', undefined, { colour: 'White' }),
  g('Round Dance Floor Stage', ['stages'], 300, 'stage', [1, 2], 'A 4 m round stage for first dances and speeches.', ['Finish', ['White', 'Black Gloss']], { colour: 'White', soldOut: 1 }),
  g('Ghost Chair', ['seating', 'ghost_range', 'wedding'], 12, 'chair', [40, 150], 'The clear acrylic Louis ghost chair, with or without arms.', ['Style', ['Armless', 'With Arms']], { colour: 'Clear', step: 3 }),
  g('Tiffany Chair', ['seating', 'wedding'], 8, 'chair', [60, 200], 'A classic Tiffany chair with an ivory seat pad.', ['Colour', ['White', 'Gold', 'Clear', 'Black']]),
  g('Crossback Chair', ['seating'], 9, 'chair', [40, 160], 'A timber crossback chair with a rattan seat.', ['Finish', ['Natural', 'Dark Walnut']], { colour: 'Oak' }),
  g('Peacock Chair', ['seating', 'wedding'], 65, 'peacock-chair', [2, 6], 'A statement rattan peacock chair for couples, birthdays and photos.', ['Colour', ['Natural', 'White']], { colour: 'Rattan' }),
  g('Velvet Armchair', ['seating'], 45, 'armchair', [4, 10], 'A curved velvet armchair for lounge settings.', ['Colour', ['Blush', 'Sage', 'Mustard', 'Navy']]),
  g('Chesterfield Sofa', ['seating'], 160, 'sofa', [1, 3], 'A tufted three-seat chesterfield sofa.', ['Colour', ['White', 'Black', 'Cream']]),
  g('Timber Bench Seat', ['seating'], 25, 'bench', [6, 20], 'A 1.8 m timber bench that seats three.', undefined, { colour: 'Oak' }),
  g('Kids Tiffany Chair', ['seating', 'kids_themes'], 6, 'chair', [20, 60], 'A child-size Tiffany chair.', ['Colour', ['White', 'Pink', 'Clear']]),
  g('Gelato Cart', ['carts_trolleys', 'kids_themes'], 180, 'cart', [1, 2], 'A striped-canopy vintage gelato cart for desserts and favours.', ['Colour', ['Pink', 'Blue', 'Mint']]),
  g('Timber Flower Cart', ['carts_trolleys', 'wedding'], 150, 'cart', [1, 3], 'A rustic flower cart with wheels and shelves.', undefined, { colour: 'Oak' }),
  g('Gold Bar Trolley', ['carts_trolleys'], 60, 'trolley', [2, 6], 'A two-tier brass bar cart with glass shelves.', ['Colour', ['Gold', 'Black']]),
  g('Ghost Bar Cart', ['carts_trolleys', 'ghost_range'], 75, 'trolley', [1, 4], 'A clear acrylic drinks trolley.', undefined, { colour: 'Clear' }),
  g('Ghost Side Table', ['ghost_range', 'side_tables'], 35, 'side-table', [4, 10], 'A clear acrylic side table.', undefined, { colour: 'Clear' }),
  g('Teddy Bear Picnic Set', ['kids_themes'], 90, 'teddy', [1, 3], 'Low table, cushions, teddies and a gingham cloth for a teddy bears picnic.', ['Colour', ['Pink', 'Blue', 'Cream']]),
  g('Rainbow Balloon Arch Frame', ['kids_themes', 'backdrops'], 70, 'ring-frame', [2, 5], 'A balloon arch frame sized for kids parties, supplied bare or with a rainbow garland.', ['Option', ['Frame Only', 'With Garland']], { colour: 'Yellow', step: 90 }),
  g('Giant Number Marquee', ['kids_themes', 'neon_signs'], 55, 'number', [2, 6], 'A 1.2 m light-up marquee number, 0 to 9.', ['Finish', ['White', 'Gold', 'Pink']]),
  g('Life Size Horse', ['animals'], 220, 'horse', [1, 2], 'A life-size white horse statue for grand entrances and photo corners.', ['Colour', ['White', 'Black']]),
  g('Flamingo Statue', ['animals', 'kids_themes'], 35, 'flamingo', [2, 8], 'A pink flamingo statue for tropical parties.', ['Size', ['Small', 'Large']], { colour: 'Pink', step: 15 }),
  g('Swan Planter', ['animals', 'wedding', 'pots_vases'], 25, 'swan', [4, 12], 'A white swan planter for florals down the aisle.', undefined, { colour: 'White' }),
  g('Teddy Bear Statue', ['animals', 'kids_themes'], 40, 'teddy', [2, 6], 'A 1 m standing teddy bear statue.', ['Colour', ['Cream', 'Brown', 'Pink']]),
  g('Custom Neon Sign', ['neon_signs', 'wedding'], 120, 'neon', [2, 8], 'A LED neon in script lettering: Better Together, Happy Birthday, Oh Baby and more.', ['Wording', ['Better Together', 'Happy Birthday', 'Oh Baby', 'Lets Party', 'Mr & Mrs']], { colour: 'Pink' }),
  g('Neon Heart', ['neon_signs'], 70, 'neon-heart', [2, 6], 'A neon heart that hangs on our round backdrops.', ['Colour', ['Pink', 'White', 'Red']]),
];

export interface BundleItemDef {
  /** Name of a group above. */
  group: string;
  /** A variation value of the group when the product is fixed; absent when the visitor chooses. */
  fixed?: string;
  quantity: number;
  discount: number;
}

export interface BundleDef {
  name: string;
  tags: string[];
  about: string;
  items: BundleItemDef[];
  hidden?: boolean;
  archived?: boolean;
}

const b = (name: string, tags: string[], about: string, items: BundleItemDef[], extra: Partial<BundleDef> = {}): BundleDef => ({
  name,
  tags,
  about,
  items,
  ...extra,
});
const fixed = (group: string, value: string, quantity = 1, discount = 10): BundleItemDef => ({ group, fixed: value, quantity, discount });
const pick = (group: string, quantity = 1, discount = 10): BundleItemDef => ({ group, quantity, discount });

export const BUNDLES: BundleDef[] = [
  b('Ghost Ceremony Package', ['wedding', 'ghost_range', 'ceremony_arches'], 'Twenty ghost chairs, a ghost plinth and our round arch: a light, modern ceremony.', [pick('Ghost Chair', 20, 10), fixed('Ghost Plinth', 'Medium', 1, 10), pick('Round Metal Arch', 1, 15)]),
  b('Classic Arch Ceremony', ['wedding', 'ceremony_arches'], 'The timber ceremony arch with a welcome sign on an easel and satin bows for the aisle.', [pick('Rustic Timber Ceremony Arch', 1, 10), fixed('Welcome Sign', 'Clear', 1, 10), fixed('Timber Easel', 'Natural', 1, 10), pick('Satin Chair Bow', 12, 5)]),
  b('Dessert Table Trio', ['plinths', 'cake_plinths'], 'A nesting trio of cylinder plinths in one colour for a dessert display.', [fixed('Cylinder Plinth', 'Small', 1, 10), fixed('Cylinder Plinth', 'Medium', 1, 10), fixed('Cylinder Plinth', 'Large', 1, 10)]),
  b('Mirror Plinth Set', ['plinths', 'cake_plinths'], 'Three silver mirror plinths in all three heights.', [fixed('Silver Mirror Plinth', 'Small', 1, 12), fixed('Silver Mirror Plinth', 'Medium', 1, 12), fixed('Silver Mirror Plinth', 'Large', 1, 12)]),
  b('Ghost Plinth Trio', ['ghost_plinths', 'ghost_range', 'acrylic_plinths'], 'All three ghost plinth sizes for a floating display.', [fixed('Ghost Plinth', 'Small', 1, 10), fixed('Ghost Plinth', 'Medium', 1, 10), fixed('Ghost Plinth', 'Large', 1, 10)]),
  b('First Birthday Backdrop Set', ['kids_themes', 'backdrops', 'solid_walls'], 'A scalloped wall, two coloured plinths and a giant marquee number.', [pick('Scalloped Top Wall', 1, 10), pick('Coloured Square Plinth', 2, 10), pick('Giant Number Marquee', 1, 5)]),
  b('Boho Picnic Setting', ['cushions_rugs', 'decor'], 'A low picnic setting for eight: jute rug, floor cushions and rattan chargers.', [fixed('Jute Rug', 'Natural', 1, 10), pick('Boho Floor Cushion', 8, 10), fixed('Rattan Charger Plate', 'Rattan', 8, 5)]),
  b('Coastal Seafood Station', ['servingware', 'tableware'], 'Clam bowls, serving boards and champagne buckets for an oyster bar.', [pick('Natural Scallop Clam Bowl', 4, 10), pick('Timber Serving Board', 2, 10), pick('Silver Champagne Bucket', 2, 10)]),
  b('Bridal Table Candlelight', ['candle_holders', 'wedding'], 'Candelabras, taper holders and hurricanes for a glowing bridal table.', [pick('Candelabra', 2, 10), pick('Gold Taper Candle Holder', 12, 10), pick('Glass Hurricane Lantern', 4, 10)]),
  b('Lounge Setting', ['seating', 'coffee_tables'], 'A chesterfield, two velvet armchairs, a coffee table and a rug.', [pick('Chesterfield Sofa', 1, 10), pick('Velvet Armchair', 2, 10), pick('Timber Coffee Table', 1, 10), pick('Persian Style Rug', 1, 10)]),
  b('Ghost Lounge', ['ghost_range', 'seating'], 'Ghost chairs around an acrylic coffee table and two side tables.', [fixed('Ghost Chair', 'With Arms', 4, 10), fixed('Acrylic Coffee Table', 'Clear', 1, 10), fixed('Ghost Side Table', 'Clear', 2, 10)]),
  b('Welcome Signage Set', ['signage_stands', 'easels'], 'A custom welcome sign on a gold stand with a matching seating chart easel.', [pick('Welcome Sign', 1, 10), fixed('Acrylic Sign Stand', 'Gold', 1, 10), fixed('Gold Metal Easel', 'Gold', 1, 10)]),
  b('Table Setting for Ten', ['tableware', 'tableclothes'], 'Ten place settings: plates, chargers, cutlery, wine glasses and napkins.', [pick('Scalloped Dinner Plate', 10, 10), pick('Glass Charger Plate', 10, 10), pick('Gold Cutlery Set', 10, 10), fixed('Gold Rim Wine Glass', 'Gold', 10, 10), pick('Linen Napkin', 10, 10)]),
  b('Champagne Tower', ['tableware', 'bars_djtables'], 'Forty coupes and a mirror tray for a champagne tower.', [pick('Champagne Coupe', 40, 10), pick('Mirror Tray', 1, 10)]),
  b('Mediterranean Long Table', ['dining_tables', 'tableclothes', 'pots_vases'], 'A timber dining table with linen, runners, terracotta pots and bud vases.', [pick('Long Timber Dining Table', 1, 10), pick('Linen Tablecloth', 1, 10), pick('Terracotta Pot', 3, 10), pick('Bud Vase Set', 2, 10)]),
  b('Gelato Party Pack', ['kids_themes', 'carts_trolleys'], 'The gelato cart with kids Tiffany chairs and a scalloped cake table.', [pick('Gelato Cart', 1, 10), pick('Kids Tiffany Chair', 10, 10), pick('Scalloped Cake Table', 1, 10)]),
  b('Neon Photo Corner', ['neon_signs', 'backdrops'], 'A round backdrop with a neon sign and a velvet bow.', [pick('Chiara Round Backdrop', 1, 10), pick('Custom Neon Sign', 1, 10), pick('Giant Velvet Bow', 1, 5)]),
  b('Drinks Station', ['ice_buckets', 'bars_djtables'], 'A bar trolley, a drinks tub and coloured glasses.', [pick('Gold Bar Trolley', 1, 10), fixed('Galvanised Drinks Tub', 'Grey', 1, 10), pick('Coloured Wine Glass', 24, 10)]),
  b('Cake Table Styling', ['cake_tables', 'cake_stands'], 'A cake table with a gold cake stand, a dessert stand and a tray.', [pick('Round Cake Table', 1, 10), pick('Gold Cake Stand', 1, 10), pick('Tiered Dessert Stand', 1, 10), fixed('Mirror Tray', 'Gold', 1, 10)]),
  b('Wishing Well and Guest Book', ['wishing_wells', 'wedding'], 'A birdcage wishing well with a card box and a welcome easel.', [pick('Birdcage Wishing Well', 1, 10), pick('Card Box', 1, 10), pick('Timber Easel', 1, 10)]),
  b('Garden Party Shade', ['umbrellas', 'decor'], 'Two fringed umbrellas with jute rugs and floor cushions.', [pick('Fringed Market Umbrella', 2, 10), fixed('Jute Rug', 'Natural', 2, 10), pick('Boho Floor Cushion', 6, 10)]),
  b('Hanging Floral Entrance', ['hanging_stands', 'wedding'], 'A hanging hoop stand and a hanging sign stand for the entrance.', [pick('Hanging Hoop Stand', 1, 10), pick('Hanging Sign Stand', 1, 10)]),
  b('Stage and Dance Floor', ['stages'], 'Four stage decks and the round dance floor stage.', [fixed('Modular Stage Platform', '40 cm', 4, 10), pick('Round Dance Floor Stage', 1, 10)]),
  b('Sequin Party Wall Package', ['backdrops'], 'The sequin wall with a neon and a cocktail table.', [pick('Sequin Shimmer Wall', 1, 10), pick('Custom Neon Sign', 1, 10)], { archived: true }),
  b('Travertine Display Set', ['plinths'], 'Two travertine-look plinths and a gold trumpet vase.', [pick('Travertine Look Plinth', 2, 10), pick('Gold Trumpet Vase', 1, 10)], { hidden: true }),
];
