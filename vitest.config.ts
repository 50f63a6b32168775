import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['services/**/*.test.ts', 'test/**/*.test.ts', 'web/**/*.test.ts'],
    testTimeout: 60_000,
    pool: 'forks',
  },
});
