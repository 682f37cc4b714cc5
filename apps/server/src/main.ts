// Starts the server, after checking that this Node.js can run it (before anything else is loaded).
import { refuseUnsupportedNode } from './node-version.js';

refuseUnsupportedNode();
await import('./serve.js');
