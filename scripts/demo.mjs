// `npm run demo`: the product on a generated catalogue whose card images a local mirror serves, so a
// scan can be tried on a machine that cannot reach the image host.
import { ensureDependencies, run } from './ensure-install.mjs';

ensureDependencies();
run(process.execPath, ['--import', 'tsx', 'scripts/demo/run-demo.ts', ...process.argv.slice(2)]);
