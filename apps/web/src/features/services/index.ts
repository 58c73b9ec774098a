// The services feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { PaymentStatusBadge, ServiceStatusBadge } from './components/service-badges.tsx';
export { preloadServicesTab, ServicesTab } from './components/services-tab.tsx';
