import { SERVICE_TITLES, type ServiceKey } from '../../lib/services';

/** Spec section 3 "service": key, title, description, images and long description. */
export interface Service {
  key: ServiceKey;
  title: string;
  description: string;
  longDescription: string;
  images: string[];
}

/** The seed renders three photos per service at these stable addresses. */
const imagesOf = (key: ServiceKey) => [1, 2, 3].map((n) => `/photos/service-${key}/xlarge_${key}-${n}.webp`);

export const SERVICES: Record<ServiceKey, Service> = {
  styling: {
    key: 'styling',
    title: SERVICE_TITLES.styling,
    description: 'Full event styling, from the first moodboard to the last candle lit.',
    longDescription:
      'We plan the look of your wedding, birthday or brand event with you, then bring it to life: backdrops, florals, tablescapes, signage and lighting, delivered, set up and packed down by our team. Start with a moodboard from your cart and we will build on it.',
    images: imagesOf('styling'),
  },
  'event-coordination': {
    key: 'event-coordination',
    title: SERVICE_TITLES['event-coordination'],
    description: 'On-the-day coordination so you can enjoy your event.',
    longDescription:
      'Our coordinators work with your venue and suppliers in the weeks before, then run the day to the minute: deliveries, setup, timings, speeches and pack down. Packages cover ceremonies, receptions and corporate events across Sydney.',
    images: imagesOf('event-coordination'),
  },
  'custom-builds': {
    key: 'custom-builds',
    title: SERVICE_TITLES['custom-builds'],
    description: 'Made-to-measure backdrops, bars and feature pieces.',
    longDescription:
      'When the catalogue does not have it, we build it. Our workshop makes arches, walls, bars, plinths and props to your size, colour and finish, for hire or to keep. Tell us your idea and your date, and we will quote the build.',
    images: imagesOf('custom-builds'),
  },
  'custom-signage': {
    key: 'custom-signage',
    title: SERVICE_TITLES['custom-signage'],
    description: 'Welcome signs, seating charts, menus and neon, made for your event.',
    longDescription:
      'We design and print acrylic and timber signage, seating charts, table numbers, menus, decals and custom neon. Send us your wording and style, approve a proof, and collect your signage with your hire order.',
    images: imagesOf('custom-signage'),
  },
  'faux-florals': {
    key: 'faux-florals',
    title: SERVICE_TITLES['faux-florals'],
    description: 'Lush faux floral arrangements that last beyond the day.',
    longDescription:
      'Our faux florals hire and styling covers arch installations, centrepieces, hanging hoops and potted trees, in seasonal palettes that never wilt in the Sydney heat. Arrangements can be hired or made to keep.',
    images: imagesOf('faux-florals'),
  },
};
