#!/usr/bin/env node
// Runs a TypeScript entry file (benchmarks, evaluations): node bin/run-ts.mjs file.ts [args...]
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

register();
const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: run-ts.mjs <file.ts> [args...]');
  process.exit(2);
}
process.argv = [process.argv[0], resolve(file), ...rest];
await import(pathToFileURL(resolve(file)).href);
