// First contents of the dictionaries (every installation: they are reference data) and, outside production, a
// sample enterprise directory. Runs at every start: what is missing is added, nothing existing is changed, so
// the exchange's own edits survive and a new release can bring new entries. The one exception is the move of the
// disclosure periods' days from the entries' names to 规则参数 (carryOverPeriodDays), done once.
import {
  composeCreditCode,
  DICTIONARIES,
  DISCLOSURE_PERIOD_DEFAULTS,
  DISCLOSURE_PERIOD_LABELS,
  findRuleParameter,
  formatDate,
  isDisclosurePeriodKey,
  MSG,
  stripWorkdays,
  type DictionaryCode,
} from '@cqjy/domain';
import { DICTIONARY_ENTRIES } from '@cqjy/domain/dictionary-data';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

type DirectorySample = { searchCode: string; region: string; names: readonly string[] };

/**
 * Invented enterprises, a dozen per directory of SH-7.5 and a few under another source code, so every list of
 * the forms has something to pick. A real installation loads the regulators' published lists instead.
 */
const DIRECTORY_SAMPLES: readonly DirectorySample[] = [
  {
    searchCode: 'GWYGZWJG',
    region: '100000',
    names: [
      '中国华宇能源集团有限公司',
      '中国远航物流集团有限公司',
      '中国恒通电力投资集团有限公司',
      '中国泰岳建设工程集团有限公司',
      '中国瀚海船舶重工集团有限公司',
      '中国京华通信集团有限公司',
      '中国晨星化工集团有限公司',
      '中国鼎新矿业集团有限公司',
      '中国长河水利水电集团有限公司',
      '中国嘉禾粮油集团有限公司',
      '中国天衡航电科技集团有限公司',
      '中国博远医药集团有限公司',
    ],
  },
  {
    searchCode: 'BJSGZW',
    region: '110000',
    names: [
      '北京燕岭投资控股集团有限公司',
      '北京京澜城市建设集团有限公司',
      '北京永定河文旅发展集团有限公司',
      '北京西山科技产业集团有限公司',
      '北京通惠交通发展集团有限公司',
      '北京潞城能源集团有限公司',
      '北京雁栖新材料集团有限公司',
      '北京中轴文化发展集团有限公司',
      '北京昌平园医药集团有限公司',
      '北京亦庄湾智能制造集团有限公司',
      '北京清河水务投资集团有限公司',
      '北京金台商业集团有限公司',
    ],
  },
  {
    searchCode: 'A02002001',
    region: '100000',
    names: [
      '中国华岳金融控股有限公司',
      '中国瑞丰资产管理股份有限公司',
      '中国恒信再保险集团有限公司',
      '中国汇通投资有限责任公司',
      '中国北辰出版传媒集团有限公司',
      '中国金穗农业信贷担保有限公司',
      '中国鼎盛证券有限责任公司',
      '中国长盈人寿保险股份有限公司',
      '中国中邦信托有限责任公司',
      '中国信安融资担保有限公司',
      '中国文澜出版集团有限公司',
      '中国东升资产管理有限公司',
    ],
  },
  {
    searchCode: 'ZYQTBWJG',
    region: '100000',
    names: ['中国星河广播电视网络有限公司', '中国启明教育出版集团有限公司', '中国海岳农垦集团有限公司'],
  },
];

export function buildDirectorySamples(): {
  name: string;
  creditCode: string;
  searchCode: string;
  sort: number;
}[] {
  return DIRECTORY_SAMPLES.flatMap((list, listIndex) =>
    list.names.map((name, i) => ({
      name,
      // Distinct organisation serials per list and entry: 8 digits, 8<list><entry>.
      creditCode: composeCreditCode(list.region, `8${listIndex}${String(i + 1).padStart(6, '0')}`),
      searchCode: list.searchCode,
      sort: i + 1,
    })),
  );
}

export async function seedDictionaries(db: Db, options: { isWithSamples: boolean }): Promise<void> {
  const codes = Object.keys(DICTIONARIES) as DictionaryCode[];
  await db.transaction(async (tx) => {
    await repo.insertTypesIfMissing(
      tx,
      codes.map((code, i) => ({ code, name: DICTIONARIES[code], sort: i + 1 })),
    );
    await repo.insertEntriesIfMissing(
      tx,
      codes.flatMap((code) =>
        DICTIONARY_ENTRIES[code].map((entry, i) => ({
          typeCode: code,
          key: entry.key,
          label: entry.label,
          parentKey: entry.parentKey ?? null,
          sort: i + 1,
        })),
      ),
    );
    await carryOverPeriodDays(tx);
    if (options.isWithSamples) await repo.insertDirectoryIfMissing(tx, buildDirectorySamples());
  });
}

const DAYS_IN_NAME = /(\d+)\s*个?\s*工作日/;

/**
 * Before 规则参数 an exchange changed a disclosure period by the number of working days in its entry's name
 * (产权转让正式信息披露期（25个工作日）). That number becomes the period's version effective from the day the entry
 * was last changed — it has been in force since — unless the period has versions already or the number is the
 * default; then the name keeps only the rule, since the days now come from the versions (the dictionary's answer
 * adds those). Seeded names lose their default days the same way. A name without days is left alone, so this
 * runs once.
 */
export async function carryOverPeriodDays(db: Db): Promise<void> {
  for (const entry of await repo.listEntries(db, 'disclosurePeriod')) {
    const match = DAYS_IN_NAME.exec(entry.label);
    if (match === null || !isDisclosurePeriodKey(entry.key)) continue;
    const days = Number(match[1]);
    const isAccepted = findRuleParameter(entry.key)?.schema.safeParse(days).success === true;
    if (isAccepted && days !== DISCLOSURE_PERIOD_DEFAULTS[entry.key]) {
      const versions = await repo.listVersions(db, [entry.key]);
      if (versions.length === 0) {
        await repo.insertVersionIfMissing(db, {
          key: entry.key,
          value: days,
          effectiveFrom: formatDate(entry.updatedAt),
          note: MSG.dictRuleCarriedNote,
          createdBy: null,
        });
      }
    }
    await repo.setEntryLabel(db, entry.id, stripWorkdays(entry.label) || DISCLOSURE_PERIOD_LABELS[entry.key]);
  }
}
