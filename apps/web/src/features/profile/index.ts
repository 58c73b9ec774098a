// The profile feature's public entry: all that other features import from it (see .dependency-cruiser.js).
export { NewPasswordFields } from './new-password-fields.tsx';
export { PasswordStrengthMeter } from './password-strength-meter.tsx';
