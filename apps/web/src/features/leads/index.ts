// The leads feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { useLead } from './api/lead.ts';
