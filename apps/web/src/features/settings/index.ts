// The settings feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { BrandingTab } from './components/branding-tab.tsx';
export { SystemSettingsTab } from './components/system-settings-tab.tsx';
