// The admin command line (`pnpm admin ...`), after checking that this Node.js can run it.
import { refuseUnsupportedNode } from './node-version.js';

refuseUnsupportedNode();
await import('./admin-cli-main.js');
