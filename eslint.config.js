// One lint setup for every workspace. Besides correctness it enforces the walls of the architecture:
// domain stays pure, server modules and web features stay apart, the web layers point one way
// (lib <- api <- components <- features <- app), the server's layers point one way (db <- platform <- modules
// <- app.ts), process.env is read in one file only.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

const listDirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverModules = listDirs('./apps/server/src/modules');
const webFeatures = listDirs('./apps/web/src/features');

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      'bench/results/**',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/ignore': ['node_modules'] },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      // React Router redirects are thrown Responses.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: '环境变量只在 apps/server/src/config.ts 中读取' },
      ],
    },
  },
  {
    // packages/domain is pure: no Node, no React, no app code.
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'node:*',
            'react',
            'react-*',
            'antd',
            'antd/*',
            '@cqjy/server*',
            '@cqjy/web*',
            'fastify*',
            'drizzle-orm*',
          ],
        },
      ],
    },
  },
  {
    // The web app never reaches the server or a database; features talk to each other only through index.ts.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@cqjy/server*', 'drizzle-orm*', 'pg', 'node:*'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((name) => ({
              target: `./apps/web/src/features/${name}`,
              from: './apps/web/src/features',
              except: [
                `./${name}`,
                ...webFeatures.flatMap((other) => [`./${other}/index.ts`, `./${other}/index.tsx`]),
              ],
              message: '功能模块之间只能通过 index.ts 引用',
            })),
            // One direction: lib <- api <- components <- features <- app.
            {
              target: './apps/web/src/lib',
              from: [
                './apps/web/src/api',
                './apps/web/src/components',
                './apps/web/src/features',
                './apps/web/src/app',
              ],
              message: 'lib 是最底层：不能依赖 api、公共组件、功能模块或 app',
            },
            {
              target: './apps/web/src/api',
              from: ['./apps/web/src/components', './apps/web/src/features', './apps/web/src/app'],
              message: 'api 层不能依赖公共组件、功能模块或 app',
            },
            {
              target: './apps/web/src/components',
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: '公共组件不能依赖功能模块或 app',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: '功能模块不能依赖 app',
            },
          ],
        },
      ],
    },
  },
  {
    // A server module owns its tables and queries: others go through its service.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@cqjy/web*', 'react', 'antd'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverModules.map((name) => ({
              target: `./apps/server/src/modules/!(${name})/**`,
              from: `./apps/server/src/modules/${name}/repo.ts`,
              message: '模块的数据访问只能通过其 service 调用',
            })),
            {
              target: './apps/server/src/platform',
              from: './apps/server/src/modules',
              message: 'platform 不认识任何模块：模块之间的连线在 app.ts 与 module-deps.ts',
            },
            {
              // db/ is the bottom layer: the modules' tables build on its column helpers, not the reverse
              target: './apps/server/src/db',
              from: ['./apps/server/src/platform', './apps/server/src/modules'],
              message: 'db 是最底层：不引用 platform 或任何模块',
            },
            {
              // a module declares the deps it needs by their own types (platform/deps.ts, the services' types)
              target: './apps/server/src/modules',
              from: ['./apps/server/src/module-deps.ts', './apps/server/src/app.ts'],
              message: '模块不引用组装层（app.ts、module-deps.ts）：依赖用各自的类型声明',
            },
            {
              // the demo and production seeds write through the modules, from above them
              target: './apps/server/src/modules/**/!(*.test).ts',
              from: './apps/server/src/seeds',
              message: '种子数据在模块之上：模块不引用 seeds',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's own code runs in the product: what tests share lives in src/test.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@cqjy/web*', 'react', 'antd', 'vitest'] }] },
  },
  {
    // The config file, the test harness, scripts, e2e and bench read the environment.
    files: [
      'apps/server/src/config.ts',
      'apps/server/src/test/**',
      'apps/server/vitest.config.ts',
      'scripts/**',
      'e2e/**',
      'bench/**',
      '*.config.{js,ts}',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
