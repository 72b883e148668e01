// Registrations for the suites that need a buyer past signing (the deposit ledger, the deal): a copy of the demo
// bulk project asking a deposit, a buyer with a fresh credit code, and a registration saved, drawn and e-signed.
import { composeCreditCode, MSG } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CapturingSmsProvider, TestApp } from './harness.ts';
import { copyProject, findProjectId, type Client } from './workflow-support.ts';

/** A copy of the demo bulk project (disclosing, no agent member) asking `deposit` (fen, by its deadline). */
export async function makeDepositProject(
  t: TestApp,
  code: string,
  deposit: { amount: number; deadline: string },
): Promise<number> {
  const id = await copyProject(t, code);
  const demo = await findProjectId(t);
  await t.db.execute(sql`
    update projects set details = jsonb_build_object('form', (
      select (details->'form') || jsonb_build_object('depositAmount', ${deposit.amount}::bigint,
        'depositDeadline', ${deposit.deadline}::text)
      from projects where id = ${demo}))
    where id = ${id}`);
  return id;
}

let buyers = 0;
/** A buyer (an organisation) with a fresh, valid credit code. */
export function makeBuyer(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  buyers += 1;
  return {
    kind: 'company',
    name: `示范保证金受让企业${buyers}`,
    certType: 'creditCode',
    certNo: composeCreditCode('110108', String(72_000_000 + buyers)),
    contactName: '钱经理',
    contactMobile: '13900000002',
    amount: 120_000_000,
    note: '',
    ...overrides,
  };
}

/** A registration of `client` on `projectId`, saved, drawn and signed with the code sent to `mobile`. */
export async function signRegistration(
  t: TestApp,
  phone: CapturingSmsProvider,
  client: Client,
  mobile: string,
  projectId: number,
): Promise<{ id: number; version: number }> {
  const saved = await client.post<{ id: number; version: number }>('/api/intention/save', {
    projectId,
    ...makeBuyer(),
  });
  expect(saved.status, saved.msg).toBe(0);
  const drawn = await client.post<{ version: number }>(`/api/intention/letter/${saved.data.id}`, {
    version: saved.data.version,
  });
  expect(drawn.status, drawn.msg).toBe(0);
  t.clock.advance(61_000);
  expect((await client.post(`/api/intention/sign/otp/${saved.data.id}`)).status).toBe(0);
  const signed = await client.post<{ version: number }>(`/api/intention/signature/${saved.data.id}`, {
    version: drawn.data.version,
    otp: phone.lastCodeTo(mobile),
  });
  expect(signed, signed.msg).toMatchObject({ status: 0, msg: MSG.intentionSigned });
  return { id: saved.data.id, version: signed.data.version };
}
