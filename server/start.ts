// The production entry (dist-server/index.js): React and the router read NODE_ENV when first loaded,
// so it is set before anything else loads. `npm run dev:server` runs index.ts directly, in development.
process.env.NODE_ENV ??= 'production';
await import('./index');

export {};
