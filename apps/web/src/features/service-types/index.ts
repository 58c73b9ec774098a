// The service-types feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { useServiceTypes } from './api/service-types.ts';
export { TREATMENT_OPTIONS } from './components/service-type-dialog.tsx';
export { ServiceTypesCard } from './components/service-types-card.tsx';
