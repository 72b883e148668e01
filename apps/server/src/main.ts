// Production entry point: configuration -> database -> migrations -> first data -> HTTP server.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase, withStartupLock } from './db/migrate.ts';
import { seedDatabase } from './seeds/seed.ts';
import { prepareDemoSignatures } from './demo-signing.ts';
import { createLogger } from './platform/logger.ts';

const config = loadConfig();
const logger = createLogger(config);
const database = await openDatabase(config);
logger.info(
  { driver: database.driver, dataDir: config.databaseUrl === undefined ? config.dataDir : undefined },
  '数据库已打开',
);
// Nodes of a cluster starting together take turns here: one migrates and seeds, the others then find it done.
await withStartupLock(config, async () => {
  await migrateDatabase(database);
  const seeded = await seedDatabase(database.db, config);
  if (seeded.isSeeded) {
    logger.info(
      { users: seeded.users },
      config.isProduction ? '已创建初始管理员账号 admin' : '已写入演示数据',
    );
  }
  if (!config.isProduction) {
    // Seeded operators marked as enrolled get their certificates and seals, the seeded courses their signed
    // letters (each skipped once done).
    const prepared = await prepareDemoSignatures({ db: database.db, config, log: logger });
    logger.info(prepared, '演示操作员的电子签章证书与演示申请函已补齐');
  }
});

const app = await buildApp({ config, db: database.db, driver: database.driver, logger });
await app.listen({ port: config.port, host: config.host });

let isClosing = false;
async function shutdown(signal: string): Promise<void> {
  if (isClosing) return;
  isClosing = true;
  logger.info({ signal }, '正在停止服务');
  try {
    await app.close();
    // PGlite writes its data directory on close: closing it is what makes a restart find every row.
    await database.close();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, '停止服务时出错');
    process.exit(1);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
