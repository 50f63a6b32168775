// Entry of a vision job's decoding thread: tsx compiles the TypeScript sources in this thread too.
import { register } from 'tsx/esm/api';

register();
await import('./decode-worker.ts');
