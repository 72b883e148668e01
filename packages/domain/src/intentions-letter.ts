// The registration letter (意向登记函) a member draws and e-signs for the buyer it represents (intentions.ts).
import { formatChineseDate, formatFen } from './format.ts';
import type { IntentionValues } from './intentions.ts';
import { displayCertNo, participantCertTypeLabel, participantKindLabel } from './projects/participants.ts';

/** The registration letter's title. */
export const INTENTION_LETTER_TITLE = '意向登记函';

/**
 * The letter the member e-signs: the project, the buyer it represents (a person's number masked, as every view
 * shows it), the offer and the deposit the project asks at the time of drawing with the registration's own receiving
 * account (so the bank matches the transfer itself), addressed to the exchange.
 */
export function composeIntentionLetter(input: {
  projectName: string;
  projectCode: string;
  buyer: Pick<
    IntentionValues,
    'kind' | 'name' | 'certType' | 'contactName' | 'contactMobile' | 'amount' | 'note'
  > & { certNo: string };
  depositAmount: number | null;
  depositDeadline: string | null;
  /** the registration's own receiving account (虚拟子账户) the deposit is paid into; null: none asked */
  depositAccount: string | null;
  member: string;
  exchange: string;
  at: Date;
}): {
  title: string;
  addressee: string;
  paragraphs: string[];
  fields: { label: string; value: string }[];
  applicant: string;
  date: string;
} {
  const { buyer } = input;
  const deposit =
    input.depositAmount === null
      ? '本项目无需交纳交易保证金。'
      : `意向受让方将于${input.depositDeadline === null ? '保证金交纳截止日期' : formatChineseDate(input.depositDeadline)}前将交易保证金${formatFen(input.depositAmount)}元${input.depositAccount === null ? '' : `汇入本登记专用的保证金收款账号${input.depositAccount}`}，逾期未交纳的，自愿放弃意向受让资格。`;
  return {
    title: INTENTION_LETTER_TITLE,
    addressee: input.exchange,
    paragraphs: [
      `我单位受“${buyer.name}”委托，代理其就项目“${input.projectName}”（项目编号${input.projectCode}）进行意向登记，` +
        '并承诺所提交的意向受让方信息与材料真实、准确、完整。',
      deposit,
      ...(buyer.note === '' ? [] : [`说明：${buyer.note}`]),
    ],
    fields: [
      { label: '项目名称', value: input.projectName },
      { label: '项目编号', value: input.projectCode },
      { label: '意向受让方', value: buyer.name },
      { label: '意向受让方类型', value: participantKindLabel(buyer.kind) },
      { label: '证件类型', value: participantCertTypeLabel(buyer.certType) },
      { label: '证件号码', value: displayCertNo(buyer.kind, buyer.certNo) },
      { label: '联系人', value: buyer.contactName },
      { label: '联系电话', value: buyer.contactMobile },
      { label: '拟受让价格（元）', value: buyer.amount === null ? '—' : formatFen(buyer.amount) },
      {
        label: '交易保证金（元）',
        value: input.depositAmount === null ? '无需交纳' : formatFen(input.depositAmount),
      },
      { label: '保证金交纳截止日期', value: input.depositDeadline ?? '—' },
      ...(input.depositAmount === null || input.depositAccount === null
        ? []
        : [{ label: '保证金收款账号', value: input.depositAccount }]),
      { label: '代理会员', value: input.member },
    ],
    applicant: input.member,
    date: formatChineseDate(input.at),
  };
}
