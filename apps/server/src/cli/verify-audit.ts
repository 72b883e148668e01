// Walks the audit hash chain of the configured database: `npm run audit:verify`. Exit code 1 on a broken chain.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { verifyAuditChain } from '../modules/audit/service.ts';

const database = await openDatabase(loadConfig());
try {
  const outcome = await verifyAuditChain(database.db);
  if (outcome.isValid) {
    console.log(`审计日志校验通过，共 ${outcome.count} 条`);
  } else {
    console.error(
      `审计日志校验失败：第一条损坏的记录 id=${outcome.brokenId}（此前 ${outcome.count} 条完好）`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
