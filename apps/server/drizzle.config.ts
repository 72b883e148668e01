// drizzle-kit reads every module's own tables (each module owns its tables.ts); the migrations it generates are
// committed in ./drizzle and applied by the server at start (src/db/migrate.ts).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/*/tables.ts',
  out: './drizzle',
});
