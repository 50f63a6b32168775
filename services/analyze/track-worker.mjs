// Worker-thread entry for segment tracking: TypeScript is compiled on load by tsx (as the CLI
// does), then the worker proper runs (track-worker.ts).
import { register } from 'tsx/esm/api';

register();
await import('./track-worker.ts');
