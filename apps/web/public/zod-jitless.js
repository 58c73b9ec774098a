// Loaded by index.html before the app's modules. zod compiles parsers with `new Function` unless
// `jitless` is set before it builds its first schema, and it probes for that at start-up: the
// Content-Security-Policy (no 'unsafe-eval') refuses the probe and the browser reports a violation.
// A bundle cannot promise that a module configuring zod runs before every schema is built; a
// classic script before the bundle can, and zod reads this shared object (globalThis.__zod_globalConfig).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true });
