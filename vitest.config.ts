import { defineConfig } from 'vitest/config';

// One test command for every workspace; each workspace keeps its own environment in its own config.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'apps/server/vitest.reliability.config.ts'],
  },
});
