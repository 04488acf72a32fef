export { ServiceModal } from './components/service-modal';
