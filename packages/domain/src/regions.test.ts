import { describe, expect, it } from 'vitest';
import {
  regionName,
  regulatorName,
  ASSET_SOURCE_SEARCH,
  MUNICIPAL_DISTRICT_LABEL,
  MUNICIPALITIES,
  REGULATOR_CODE_GROUPS,
  defaultCityFor,
  enterpriseDirectorySearch,
  isMunicipality,
  listCities,
  listProvinces,
  needsBeijingStateAssetList,
  padRegionCode,
  regulatorNeeds,
} from './regions.ts';

describe('provinces and cities (SH-9.2)', () => {
  it('lists the 31 mainland provinces with six-digit codes', () => {
    const provinces = listProvinces();
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toEqual({ code: '110000', name: '北京市' });
    expect(provinces.find((province) => province.code === '500000')?.name).toBe('重庆市');
    expect(provinces.every((province) => /^\d{2}0000$/.test(province.code))).toBe(true);
  });

  it('lists a province’s cities with six-digit codes, by short or long province code', () => {
    const hebei = listCities('130000');
    expect(hebei[0]).toEqual({ code: '130100', name: '石家庄市' });
    expect(listCities('13')).toEqual(hebei);
    expect(hebei.every((city) => city.code.startsWith('13') && city.code.endsWith('00'))).toBe(true);
    expect(listCities('990000')).toEqual([]);
  });

  it('pads short GB/T 2260 codes', () => {
    expect(padRegionCode('11')).toBe('110000');
    expect(padRegionCode('1101')).toBe('110100');
    expect(padRegionCode(110105)).toBe('110105');
  });
});

describe('municipalities (SH-5.10, SH-9.2)', () => {
  it('are Beijing, Tianjin, Shanghai and Chongqing with their 市辖区 city codes', () => {
    expect(MUNICIPALITIES).toEqual({
      '110000': '110100',
      '120000': '120100',
      '310000': '310100',
      '500000': '500100',
    });
    for (const [province, city] of Object.entries(MUNICIPALITIES)) {
      expect(defaultCityFor(province)).toBe(city);
      expect(listCities(province).find((entry) => entry.code === city)?.name).toBe(MUNICIPAL_DISTRICT_LABEL);
      expect(isMunicipality(province)).toBe(true);
    }
    expect(MUNICIPAL_DISTRICT_LABEL).toBe('市辖区');
    expect(defaultCityFor('11')).toBe('110100');
  });

  it('give other provinces no default city', () => {
    expect(defaultCityFor('130000')).toBeUndefined();
    expect(isMunicipality('440000')).toBe(false);
  });
});

describe('regulators (SH-9.3, SH-5.10)', () => {
  it('has the nine regulator code groups', () => {
    expect(REGULATOR_CODE_GROUPS.map((group) => group.code)).toEqual([
      'A02001',
      'A02002',
      'A02002001',
      'A02003',
      'A02004',
      'A02004001',
      'A02005',
      'A02006',
      'A02006001',
    ]);
  });

  it('asks central regulators for nothing, provincial ones for a province, city ones for province and city', () => {
    expect(['A02001', 'A02002', 'A02002001'].map(regulatorNeeds)).toEqual(['none', 'none', 'none']);
    expect(['A02003', 'A02004', 'A02004001'].map(regulatorNeeds)).toEqual([
      'province',
      'province',
      'province',
    ]);
    expect(['A02005', 'A02006', 'A02006001'].map(regulatorNeeds)).toEqual([
      'provinceAndCity',
      'provinceAndCity',
      'provinceAndCity',
    ]);
    expect(regulatorNeeds('X')).toBe('none');
    expect(regulatorNeeds(undefined)).toBe('none');
  });

  it('opens the Beijing state-asset list for Beijing with a provincial or city SASAC', () => {
    expect(needsBeijingStateAssetList('A02003', '110000')).toBe(true);
    expect(needsBeijingStateAssetList('A02005', '11')).toBe(true);
    expect(needsBeijingStateAssetList('A02004', '110000')).toBe(false);
    expect(needsBeijingStateAssetList('A02001', '110000')).toBe(false);
    expect(needsBeijingStateAssetList('A02003', '310000')).toBe(false);
    expect(needsBeijingStateAssetList('A02003', null)).toBe(false);
    expect(needsBeijingStateAssetList(null, '110000')).toBe(false);
  });
});

describe('enterprise directory search codes (SH-7.5)', () => {
  it('maps GWYGZWJG, BJSGZW and A02002001 to 1, 2 and 3, anything else to the asset-source call', () => {
    expect(ASSET_SOURCE_SEARCH).toEqual({ GWYGZWJG: 1, BJSGZW: 2, A02002001: 3 });
    expect(enterpriseDirectorySearch('GWYGZWJG')).toBe(1);
    expect(enterpriseDirectorySearch('BJSGZW')).toBe(2);
    expect(enterpriseDirectorySearch('A02002001')).toBe(3);
    expect(enterpriseDirectorySearch('A02003')).toBeUndefined();
    expect(enterpriseDirectorySearch('toString')).toBeUndefined();
    expect(enterpriseDirectorySearch(null)).toBeUndefined();
  });
});

describe('names for display', () => {
  it('names regulator groups and regions, and keeps an unknown code as it is', () => {
    expect(regulatorName('A02001')).toBe('国务院国资委');
    expect(regulatorName('A99')).toBe('A99');
    expect(regulatorName(null)).toBeUndefined();
    expect(regionName('500000')).toBe('重庆市');
    expect(regionName('510100')).toBe('成都市');
    expect(regionName('')).toBeUndefined();
  });
});
