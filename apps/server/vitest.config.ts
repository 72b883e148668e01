import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // the reliability suite is its own project (vitest.reliability.config.ts)
    exclude: [...configDefaults.exclude, 'src/reliability/**'],
    // One migrated database template per run; every test file copies it (see src/test/global-setup.ts).
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
