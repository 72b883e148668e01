// The registries' demo rows: the demo transferor's assets (of several categories, one already disposed of), its
// equity holdings, customers and leads; the demo member's customers (to pick when it registers an investor); the
// land reserve's parcels. Each row is checked by its registry's own rule, as a form or an import would store it.
import {
  checkRegistryRow,
  composeCreditCode,
  findRegistry,
  registrySearchText,
  type RegistryKey,
  type SheetValues,
} from '@cqjy/domain';
import { registryRows } from '../modules/registries/tables.ts';
import type { Db } from '../db/client.ts';

type DemoRows = { registry: RegistryKey; rows: Record<string, string>[] };

const TRANSFEROR_ROWS: DemoRows[] = [
  {
    registry: 'assets',
    rows: [
      {
        name: '办公楼A座',
        category: '房产',
        quantity: '1',
        unit: '栋',
        area: '5600',
        location: '北京市丰台区示范路18号',
        bookValue: '32000000',
        appraisedValue: '45000000',
        status: '在库',
      },
      {
        name: '立式加工中心',
        category: '机器设备',
        model: 'VMC-850',
        quantity: '6',
        unit: '台',
        bookValue: '1800000',
        appraisedValue: '1500000',
        location: '二号车间',
        status: '在库',
      },
      {
        name: '叉车',
        category: '机器设备',
        model: 'CPCD30',
        quantity: '4',
        unit: '辆',
        bookValue: '240000',
        appraisedValue: '200000',
        location: '仓储中心',
        status: '在库',
      },
      {
        name: '商务车',
        category: '车辆',
        quantity: '1',
        unit: '辆',
        vin: 'LSVAU2180N2183294',
        bookValue: '180000',
        appraisedValue: '120000',
        location: '公司车库',
        status: '在库',
      },
      {
        name: '库存钢材',
        category: '存货',
        model: 'Q235',
        quantity: '320',
        unit: '吨',
        bookValue: '1280000',
        location: '露天堆场',
        status: '在库',
      },
      { name: '旧锅炉', category: '其他', quantity: '2', unit: '台', bookValue: '50000', status: '已处置' },
    ],
  },
  {
    registry: 'stockright',
    rows: [
      {
        enterpriseName: '北京示范物流有限公司',
        creditCode: composeCreditCode('110106', '70000001'),
        share: '35',
        contribution: '17500000',
        bookValue: '21000000',
        investedOn: '2016-04-12',
        region: '北京市丰台区',
      },
      {
        enterpriseName: '天津示范材料有限公司',
        creditCode: composeCreditCode('120116', '70000002'),
        share: '100',
        contribution: '30000000',
        bookValue: '36500000',
        investedOn: '2019-09-01',
        region: '天津市滨海新区',
      },
    ],
  },
  {
    registry: 'customer',
    rows: [
      {
        name: '华北建设集团有限公司',
        creditCode: composeCreditCode('130102', '70000011'),
        legalRepresentative: '冯强',
        kind: '意向受让方',
        region: '河北省石家庄市',
        contactName: '冯经理',
        contactMobile: '13900001001',
        email: 'feng@example.com',
      },
      {
        name: '京东方示范资本有限公司',
        creditCode: composeCreditCode('110105', '70000012'),
        kind: '投资方',
        region: '北京市朝阳区',
        contactName: '郑经理',
        contactMobile: '13900001002',
      },
    ],
  },
  {
    registry: 'personalCustomer',
    rows: [{ name: '李明', idCard: '110108198005120035', kind: '意向受让方', mobile: '13900001003' }],
  },
  {
    registry: 'businessOpportunity',
    rows: [
      {
        name: '闲置设备集中处置',
        customerName: '华北建设集团有限公司',
        subject: '实物资产转让',
        stage: '需求确认',
        expectedAmount: '1800000',
        expectedOn: '2027-01-15',
        contactName: '冯经理',
        contactMobile: '13900001001',
        followUp: '已现场查看设备，客户关注付款方式。',
      },
      {
        name: '物流公司股权转让',
        customerName: '京东方示范资本有限公司',
        subject: '产权转让',
        stage: '初步接洽',
        expectedAmount: '25000000',
        contactName: '郑经理',
        contactMobile: '13900001002',
      },
    ],
  },
  {
    // the README's 申请开票 course invoices the demo's service-fee order to this title
    registry: 'invoicing',
    rows: [
      {
        title: '北京示范国有资产经营有限公司',
        taxpayerNo: composeCreditCode('110105', '20000001'),
        invoiceType: '增值税专用发票',
        address: '北京市西城区金融大街15号',
        telephone: '010-66001234',
        bankName: '中国工商银行北京金融街支行',
        bankAccount: '0200003309000123456',
        email: 'caiwu@example.com',
        isDefault: '是',
      },
    ],
  },
  {
    // the README's 重新出金申请 course pays the returned price out again to this account (the old one was closed)
    registry: 'bank',
    rows: [
      {
        accountName: '北京示范国有资产经营有限公司',
        accountNo: '0200003309000123456',
        bankName: '中国工商银行',
        branchName: '北京金融街支行',
        accountType: '对公账户',
        isDefault: '是',
      },
    ],
  },
];

const MEMBER_ROWS: DemoRows[] = [
  {
    registry: 'customer',
    rows: [
      {
        name: '南方示范产业基金有限公司',
        creditCode: composeCreditCode('440300', '70000021'),
        kind: '投资方',
        region: '广东省深圳市',
        contactName: '黄经理',
        contactMobile: '13900002001',
      },
      {
        name: '西部示范能源有限公司',
        creditCode: composeCreditCode('510100', '70000022'),
        kind: '意向受让方',
        region: '四川省成都市',
        contactName: '何经理',
        contactMobile: '13900002002',
      },
    ],
  },
];

const LAND_ROWS: DemoRows[] = [
  {
    registry: 'land',
    rows: [
      {
        parcelNo: 'DX2026-001',
        name: '大兴区示范路南侧地块',
        region: '北京市大兴区',
        location: '大兴区示范路南侧',
        area: '32000',
        usage: '工业用地',
        rightType: '出让',
        certificateNo: '京(2020)大兴区不动产权第0012345号',
        appraisedValue: '96000000',
        status: '储备中',
      },
      {
        parcelNo: 'DX2026-002',
        name: '亦庄示范仓储地块',
        region: '北京市大兴区',
        location: '亦庄经济开发区示范街8号',
        area: '18500.5',
        usage: '仓储用地',
        rightType: '出让',
        appraisedValue: '55000000',
        status: '储备中',
      },
      {
        parcelNo: 'TZ2025-017',
        name: '通州示范商服地块',
        region: '北京市通州区',
        location: '通州区示范大街东侧',
        area: '9800',
        usage: '商服用地',
        rightType: '划拨',
        status: '已出让',
      },
    ],
  },
];

/**
 * One demo row of a registry as a form would store it: its cells checked by the registry's rule, then `added`, the
 * values the portal writes itself (the project a ledger's lot started).
 */
export function registryRowOf(
  registry: RegistryKey,
  companyId: number,
  cells: Record<string, string>,
  added: SheetValues = {},
) {
  const def = findRegistry(registry);
  if (def === undefined) throw new Error(`no registry ${registry}`);
  const { values: checked, errors } = checkRegistryRow(def, cells);
  if (errors[0] !== undefined) throw new Error(`demo ${registry} row: ${errors[0]}`);
  const values = { ...checked, ...added };
  const unique = def.uniqueField === undefined ? undefined : values[def.uniqueField];
  return {
    registry,
    companyId,
    values,
    searchText: registrySearchText(def, values),
    uniqueValue: unique === undefined ? null : String(unique),
  };
}

async function insertRows(tx: Db, companyId: number, sets: readonly DemoRows[]): Promise<void> {
  for (const { registry, rows } of sets) {
    await tx.insert(registryRows).values(rows.map((cells) => registryRowOf(registry, companyId, cells)));
  }
}

export async function insertDemoRegistries(
  tx: Db,
  companies: { transferor: number; member: number; land: number },
): Promise<void> {
  await insertRows(tx, companies.transferor, TRANSFEROR_ROWS);
  await insertRows(tx, companies.member, MEMBER_ROWS);
  await insertRows(tx, companies.land, LAND_ROWS);
}
