// The demo owner's 收文管理: one document the exchange sent it a few days ago and it has not opened yet, so the page
// is not empty on first sign-in. It is written as the documents module writes a sent one; no notification is
// raised for it, so the seeded unread count (one review notification) stays as the home page shows it.
import { formatDate } from '@cqjy/domain';
import { documents } from '../modules/documents/tables.ts';
import type { Db } from '../db/client.ts';
import type { SeedParty } from './seed-courses.ts';

const DAY_MS = 86_400_000;

export const DEMO_DOCUMENT_TITLE = '关于做好2026年度国有资产交易信息报送工作的通知';

export async function insertDemoDocuments(
  tx: Db,
  input: { owner: SeedParty; exchange: SeedParty; now: Date },
): Promise<void> {
  const sentAt = new Date(input.now.getTime() - 3 * DAY_MS);
  await tx.insert(documents).values({
    direction: 'received',
    companyId: input.owner.companyId,
    title: DEMO_DOCUMENT_TITLE,
    docNumber: '示范交〔2026〕15号',
    sender: input.exchange.companyName,
    sentOn: formatDate(sentAt),
    body: [
      '各会员单位、项目方：',
      '为进一步规范国有资产交易信息报送工作，请各单位于每季度结束后10个工作日内，通过本平台报送本季度挂牌项目的成交、价款结算及交割情况。',
      '报送材料须经单位负责人审核并加盖公章，逾期未报送的，本所将通过消息提醒督促办理。',
      '特此通知。',
    ].join('\n'),
    status: 'sent',
    sentAt,
    createdBy: input.exchange.userId,
    createdAt: sentAt,
    updatedAt: sentAt,
  });
}
