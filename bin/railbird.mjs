#!/usr/bin/env node
// The `railbird` CLI. Sources are TypeScript; tsx compiles them on load (cached),
// so the CLI works straight from a clone after `npm install`, with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../services/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
