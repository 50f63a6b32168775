// Entry of the vision worker thread: tsx compiles the TypeScript sources in this thread too.
import { register } from 'tsx/esm/api';

register();
await import('./vision-worker.ts');
