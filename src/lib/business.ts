import type { HireDays } from './api-contract/hold-window';

/**
 * The business's public details, in one place (about modal, footer, the no-script note in index.html
 * through vite.config.ts). The phone number is from ACMA's range set aside for fiction, so the demo
 * never rings a real line.
 */
export const BUSINESS = {
  name: 'Tan & Tassel',
  street: 'Unit 4, 21 Belmore Road North',
  suburb: 'Riverwood NSW 2210',
  location: 'Riverwood NSW',
  phone: '(02) 5550 2184',
  phoneHref: 'tel:+61255502184',
  email: 'hello@tanandtassel.com.au',
  /** Days the team works (0 Sunday to 6 Saturday), as in `hours`. */
  workingDays: [1, 3, 4, 5],
  hours: [
    ['Monday', '10am-4pm by appointment'],
    ['Tuesday', 'Closed'],
    ['Wednesday to Friday', '10am-4pm by appointment'],
    ['Saturday and Sunday', 'Closed'],
  ],
} as const;

/**
 * The days a customer picks up and returns hired items: the days the team works (the hours above).
 * Every hold window (server and pages) is drawn from these.
 */
export const BUSINESS_HIRE_DAYS: HireDays = { pickup: BUSINESS.workingDays, return: BUSINESS.workingDays };

export const BUSINESS_ADDRESS = `${BUSINESS.street}, ${BUSINESS.suburb}`;
