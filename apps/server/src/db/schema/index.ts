export * from './users.ts';
export * from './administration.ts';
export * from './leads.ts';
export * from './contacts.ts';
export * from './clients.ts';
export * from './rate-limits.ts';
export * from './record-counts.ts';
export * from './services.ts';
