// Trunk's post-build hook (Trunk.toml): the first-glance module, then the precompressed twins — in this
// order, because trunk runs the hooks of one stage at the same time and the twins must include the glance.
await import('./glance.mjs');
await import('./precompress.mjs');
