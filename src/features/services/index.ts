export { ServiceModal } from './components/service-modal';
export { SERVICES, type Service } from './services-data';
