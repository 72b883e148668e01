// gate1..gate8: a company and an account each, stopped at each onboarding gate of spec 000 section 4.
import { beijingStateEnterprise, type DemoApplication } from './seed-applications.ts';
import type { CompanySeed, UserSeed } from './seed-accounts.ts';

const GATE_NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八'];

const gateMobile = (n: number): string => `138000001${String(n).padStart(2, '0')}`;

/**
 * gate1's application, waiting in 开户审核: complete, so the reviewer sees every fact and file and may approve it
 * (or return it). Its first submission was returned for the address, as real ones often are.
 */
const GATE1_APPLICATION: DemoApplication = {
  legalPerson: '周建华',
  address: '北京市朝阳区建国路93号院万达广场B座1508室',
  contactName: '刘晓燕',
  contactMobile: gateMobile(1),
  // 北京市国资委 (a provincial SASAC), so the state-funded enterprise comes from the Beijing list
  regulatoryBodies: 'A02003',
  regulatoryBodiesProvince: '110000',
  regulatoryBodiesCity: null,
  ...beijingStateEnterprise('北京京澜城市建设集团有限公司'),
  licence: {
    kind: '其他有限责任公司',
    capital: '人民币伍仟万元整',
    foundedOn: '2016年04月18日',
    term: '2016年04月18日至长期',
    scope:
      '以自有资金从事投资活动；企业管理；工程管理服务；建筑材料销售；机械设备租赁；技术服务、技术开发、技术咨询、' +
      '技术交流、技术转让、技术推广。（除依法须经批准的项目外，凭营业执照依法自主开展经营活动）',
    authority: '北京市朝阳区市场监督管理局',
    issuedOn: '2023年09月12日',
  },
  firstAddress: '北京市朝阳区建国路93号',
  returnReason: '注册地址须与营业执照住所一致，请写明楼座及房号后重新提交',
};

/**
 * gateN stops at onboarding gate N of spec 000 section 4 and passes every gate before it. Gate 1 lives on the
 * company (account-opening review), so each gate user has a company of its own.
 */
export function buildGateSeeds(): { companies: CompanySeed[]; users: UserSeed[] } {
  const gateCompanies: CompanySeed[] = GATE_NUMERALS.map((numeral, i) => {
    const n = i + 1;
    const isLand = n === 8;
    return {
      key: `gate${n}`,
      name: isLand ? `示范引导${numeral}号土地储备中心` : `示范引导${numeral}号实业有限公司`,
      identity: isLand ? 'land' : 'transferor',
      examineStatus: isLand ? null : n === 1 ? 1 : 3,
      creditCode: { region: '110105', serial: String(70000000 + n) },
      ...(n === 1 ? { application: GATE1_APPLICATION } : {}),
    };
  });
  const gateUsers: UserSeed[] = GATE_NUMERALS.map((numeral, i) => {
    const n = i + 1;
    return {
      username: `gate${n}`,
      nickname: `引导演示${numeral}`,
      mobile: gateMobile(n),
      company: `gate${n}`,
      role: n === 8 ? 'land' : 'transferor',
      idType: n === 2 ? 1 : 0,
      setupPassword: n !== 3,
      pendingPhone: n === 4 ? `139000001${String(n).padStart(2, '0')}` : null,
      authStatus: n === 5 ? 2 : 1,
      prompt: n === 6,
      mainOperatorAuth: n !== 7,
    };
  });
  return { companies: gateCompanies, users: gateUsers };
}
