export { AboutModal } from './components/about-modal';
export { ContactModal } from './components/contact-modal';
export { aboutModalOpenAtom, openContactAtom } from './state/contact-atoms';
