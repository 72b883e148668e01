import { defineConfig } from 'vitest/config';

// One test command for every workspace; each workspace keeps its own environment in its own config.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'apps/server/vitest.reliability.config.ts'],
    // By default vitest runs one worker fewer than the machine has cores: a single worker on the 2-core CI machine,
    // with the second core mostly idle once the files are transformed. A worker per core keeps both busy.
    maxWorkers: '100%',
  },
});
