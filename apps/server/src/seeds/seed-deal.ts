// The demo's finished deal: a second bulk project of the demo transferor (the first one's items), disclosed, its
// contract approved (so the service-fee order was billed by the default fee schedule, awaiting payment), its price
// paid out, and that payout returned by the bank because the account was closed — so 服务费订单 has an order to
// invoice and 退票信息 a ticket to apply again for. Written as the engine and the modules write them
// (seed-courses.ts).
import {
  addWorkdays,
  type BulkProjectForm,
  computeServiceFee,
  formatDate,
  ORDER_CODE,
  REFUND_TICKET_CODE,
  SERVICE_FEE_DEFAULT,
  yearSerialCode,
} from '@cqjy/domain';
import { eq } from 'drizzle-orm';
import { serviceFeeOrders } from '../modules/orders/tables.ts';
import { projectAssets, projects } from '../modules/projects/tables.ts';
import { refundTickets } from '../modules/refund-tickets/tables.ts';
import { tasks } from '../modules/tasks/tables.ts';
import type { Db } from '../db/client.ts';
import { insertCourse, type SeedParty } from './seed-courses.ts';

export const DEMO_DEAL_CODE = 'GR2026BJ1000188';
const DEAL_PRICE = 3_680_000_00;
const PAYEE = {
  accountName: '北京示范国有资产经营有限公司',
  bankName: '中国建设银行',
  branchName: '北京西城支行',
  accountNo: '11001010100052001234',
};

export async function insertDemoDeal(
  tx: Db,
  input: {
    owner: SeedParty;
    exchange: SeedParty;
    /** the agent member that acted for the owner (it reads the project and its order) */
    agentCompanyId: number | null;
    now: Date;
    /** what was disclosed: the form and the asset list (machinery) of the demo's first bulk project */
    form: BulkProjectForm;
    assets: readonly Record<string, string | number>[];
  },
): Promise<void> {
  const { owner, exchange, now } = input;
  const name = '北京示范国有资产经营有限公司闲置设备一批';
  const start = addWorkdays(now, -30).date;
  const end = addWorkdays(start, 20).date;
  const signedOn = addWorkdays(end, 2).date;
  const paidOn = addWorkdays(end, 5).date;
  const [project] = await tx
    .insert(projects)
    .values({
      companyId: owner.companyId,
      family: 'bulk',
      businessType: '2',
      name,
      code: DEMO_DEAL_CODE,
      status: 'dealt',
      disclosureStart: start,
      disclosureEnd: end,
      details: { form: { ...input.form, name, agentCompanyId: input.agentCompanyId ?? undefined } },
      agentCompanyId: input.agentCompanyId,
    })
    .returning({ id: projects.id });
  if (project === undefined) throw new Error('the demo deal was not stored');
  await tx.insert(projectAssets).values(
    input.assets.map((values) => ({
      projectId: project.id,
      companyId: owner.companyId,
      category: 'machinery' as const,
      values,
    })),
  );
  const course = { projectId: project.id, family: 'bulk', applicant: owner, exchange };
  await insertCourse(tx, {
    ...course,
    action: 'disclosure',
    form: { disclosureDays: 20 },
    reviewedAt: start,
  });
  await insertCourse(tx, {
    ...course,
    action: 'contract',
    form: {
      reason: '成交签约',
      contractNo: 'HT-2026-0124',
      transfereeName: '北京示范物流有限公司',
      dealPrice: DEAL_PRICE,
      signDate: formatDate(signedOn),
    },
    reviewedAt: signedOn,
  });
  // billed as the contract's approval bills it: by the schedule in force on the deal day (the default one)
  const fee = computeServiceFee(SERVICE_FEE_DEFAULT, 'bulk', DEAL_PRICE);
  const [order] = await tx
    .insert(serviceFeeOrders)
    .values({
      code: `demo-order-${project.id}`,
      companyId: owner.companyId,
      projectId: project.id,
      family: 'bulk',
      dealAmount: DEAL_PRICE,
      dealDate: formatDate(signedOn),
      fee: fee.fee,
      feeLines: fee.lines,
      scheduleFrom: '',
      createdAt: signedOn,
    })
    .returning({ id: serviceFeeOrders.id });
  if (order === undefined) throw new Error('the demo order was not stored');
  await tx
    .update(serviceFeeOrders)
    .set({ code: yearSerialCode(ORDER_CODE, signedOn, order.id) })
    .where(eq(serviceFeeOrders.id, order.id));
  const payoutId = await insertCourse(tx, {
    ...course,
    action: 'price',
    form: {
      reason: '成交价款划转',
      payoutAmount: DEAL_PRICE,
      payeeName: PAYEE.accountName,
      payeeBank: `${PAYEE.bankName}${PAYEE.branchName}`,
      payeeAccount: PAYEE.accountNo,
    },
    reviewedAt: paidOn,
  });
  const [ticket] = await tx
    .insert(refundTickets)
    .values({
      code: `demo-ticket-${payoutId}`,
      companyId: owner.companyId,
      projectId: project.id,
      payoutKind: 'price',
      sourceInstanceId: payoutId,
      amount: DEAL_PRICE,
      original: PAYEE,
      returnReason: '账户已销户',
      returnedOn: formatDate(addWorkdays(paidOn, 1).date),
    })
    .returning({ id: refundTickets.id });
  if (ticket === undefined) throw new Error('the demo ticket was not stored');
  // the owner's 重新出金申请 waits in its 待办任务, as the refund-tickets module opens it
  await tx.insert(tasks).values({
    subject: 'refundTicket',
    subjectId: ticket.id,
    step: 'refundTicketApply',
    projectId: project.id,
    companyId: owner.companyId,
    type: 'Aon',
    routeName: 'refundTicketApply',
    routeQuery: { id: ticket.id },
    status: 'open',
    assigneeCompanyId: owner.companyId,
  });
  await tx
    .update(refundTickets)
    .set({ code: yearSerialCode(REFUND_TICKET_CODE, now, ticket.id) })
    .where(eq(refundTickets.id, ticket.id));
}
