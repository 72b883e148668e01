import { defineProject } from 'vitest/config';

// The reliability suite (`npm run test:reliability`): checks generated from the route table and the schemas,
// hostile inputs, concurrency, several nodes and database restarts. Kept out of the unit run: it is slower and
// CI runs it on its own, against real PostgreSQL where a row needs one.
export default defineProject({
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['src/reliability/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
