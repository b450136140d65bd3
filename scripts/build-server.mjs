// Bundles the server into dist/server/main.js (dependencies stay external) and copies the migrations.
import { bundleServer } from './server-bundle.mjs';

await bundleServer('dist/server');
console.log('server built: dist/server/main.js');
