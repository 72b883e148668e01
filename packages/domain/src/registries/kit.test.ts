import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { describeSheetColumn } from '../projects/sheets.ts';
import { composeCreditCode } from '../validation/credit-code.ts';
import { CUSTOMER_REGISTRY, PERSONAL_CUSTOMER_REGISTRY } from './customers.ts';
import { findRegistry, findRegistryByRoute, REGISTRIES } from './index.ts';
import { checkRegistryRow, maskRegistryValues, registrySearchText, registrySheet } from './kit.ts';
import { REGISTRY_ROUTES } from './pages.ts';

const CUSTOMER = {
  name: ' 北京示范投资有限公司 ',
  creditCode: composeCreditCode('110105', '40000001').toLowerCase(),
  kind: '投资方',
  contactName: '赵经理',
  contactMobile: '13900000011',
  email: 'zhao@example.com',
};

describe('the registries', () => {
  it("the route table's page names are each registry's own, one registry each", () => {
    expect(REGISTRIES.map((def) => def.key).sort()).toEqual(Object.keys(REGISTRY_ROUTES).sort());
    for (const def of REGISTRIES) expect(def.routes).toBe(REGISTRY_ROUTES[def.key]);
  });

  it('are found by key and by each of their route names; every list, search and filter field exists', () => {
    expect(findRegistry('customer')).toBe(CUSTOMER_REGISTRY);
    expect(findRegistryByRoute('personalCustomerImport')).toBe(PERSONAL_CUSTOMER_REGISTRY);
    for (const def of REGISTRIES) {
      const keys = def.fields.map((field) => field.key);
      for (const key of [...def.listColumns, ...def.searchFields, ...def.filters, def.nameField]) {
        expect(keys, `${def.key}.${key}`).toContain(key);
      }
      for (const key of def.filters) expect(def.fields.find((f) => f.key === key)?.kind).toBe('choice');
      expect(registrySheet(def).columns).toBe(def.fields);
    }
  });

  it('check a row by the rules of spec 000 section 5: every failing field, in order, in Chinese', () => {
    const good = checkRegistryRow(CUSTOMER_REGISTRY, CUSTOMER);
    expect(good.errors).toEqual([]);
    expect(good.values).toMatchObject({
      name: '北京示范投资有限公司',
      creditCode: CUSTOMER.creditCode.toUpperCase(),
    });
    const bad = checkRegistryRow(CUSTOMER_REGISTRY, {
      ...CUSTOMER,
      name: '',
      creditCode: '91110000ABCDEFGH',
      contactMobile: '1390000',
      email: 'zhao@',
    });
    expect(bad.errors).toHaveLength(4);
    expect(bad.errors[0]).toBe('请填写企业名称');
    expect(bad.errors.join()).toMatch(/统一社会信用代码/);
    const person = checkRegistryRow(PERSONAL_CUSTOMER_REGISTRY, {
      name: '张伟',
      idCard: '110105194912310021',
      kind: '投资方',
      mobile: '13900000013',
    });
    expect(person.errors).toHaveLength(1);
    expect(person.errors[0]).not.toBe(MSG.badRequest);
  });

  it('mask personal numbers for lists, and search the search fields lower-cased', () => {
    expect(
      maskRegistryValues(PERSONAL_CUSTOMER_REGISTRY, {
        name: '张伟',
        idCard: '11010519491231002X',
        mobile: '13900000013',
      }),
    ).toEqual({ name: '张伟', idCard: '110105********002X', mobile: '139****0013' });
    expect(
      registrySearchText(CUSTOMER_REGISTRY, { name: 'ABC投资', creditCode: '91X', contactName: '赵' }),
    ).toBe('abc投资\n91x\n赵');
  });

  it("describe the identity columns in the template's instructions", () => {
    const [, creditCode] = CUSTOMER_REGISTRY.fields;
    expect(creditCode === undefined ? '' : describeSheetColumn(creditCode)).toBe(
      '必填；18位统一社会信用代码',
    );
  });
});
