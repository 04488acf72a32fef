/** The about and contact dialogs, chunks of their own (the site's overlays load them after hydration). */
export const loadAboutModal = () => import('./components/about-modal').then((m) => ({ default: m.AboutModal }));
export const loadContactModal = () => import('./components/contact-modal').then((m) => ({ default: m.ContactModal }));
export { aboutModalOpenAtom, openContactAtom } from './state/contact-atoms';
