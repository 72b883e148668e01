// The regulator of a state-funded enterprise (SH-5.10, SH-9.3): the regulator from the dictionary tree, then the
// province and city its level needs (a municipality's city is its 市辖区 unless changed), then the state-funded
// enterprise, which Beijing's provincial or city SASAC picks from the Beijing state-asset list (SH-7.5 search 2)
// and everyone else types. Used inside an antd Form; the Form.Item names are the spec's field names.
import { Form, Input, Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { DictTreeNode, EnterpriseDirectoryItem } from '@cqjy/domain/api';
import { fillIn, pleaseSelect } from '@cqjy/domain/messages';
import {
  ASSET_SOURCE_SEARCH,
  defaultCityFor,
  needsBeijingStateAssetList,
  regulatorNeeds,
} from '@cqjy/domain/regions';
import { validateCreditCode } from '@cqjy/domain/validation/credit-code';
import { dictTreeQuery, enterpriseDirectoryQuery, zoningQuery } from '../api/dictionaries.ts';

export const REGULATOR_DICTIONARY = 'regulatoryBodies';

export const REGULATOR_FIELDS = {
  regulatoryBodies: '监管机构',
  regulatoryBodiesProvince: '监管机构所在省',
  regulatoryBodiesCity: '监管机构所在市',
  stateFundedEnter: '国家出资企业',
  stateCreditCode: '国家出资企业统一社会信用代码',
} as const;

export type RegulatorValues = {
  regulatoryBodies?: string;
  regulatoryBodiesProvince?: string;
  regulatoryBodiesCity?: string;
  stateFundedEnter?: string;
  stateCreditCode?: string;
};

export type RegulatorFieldsProps = {
  disabled?: boolean;
  /** the fields must be filled (the default) */
  isRequired?: boolean;
};

type TreeOption = { title: string; value: string; children: TreeOption[] };

function toTreeOptions(nodes: readonly DictTreeNode[]): TreeOption[] {
  return nodes.map((node) => ({
    title: node.label,
    value: node.key,
    children: toTreeOptions(node.children),
  }));
}

const toRegionOptions = (items: readonly { code: string; name: string }[] | undefined) =>
  (items ?? []).map((item) => ({ label: item.name, value: item.code }));

const toEnterpriseOptions = (items: readonly EnterpriseDirectoryItem[] | undefined) =>
  (items ?? []).map((item) => ({ label: item.name, value: item.name, creditCode: item.creditCode }));

export function RegulatorFields({ disabled = false, isRequired = true }: RegulatorFieldsProps) {
  const form = Form.useFormInstance<RegulatorValues>();
  const regulator = Form.useWatch('regulatoryBodies', form);
  const province = Form.useWatch('regulatoryBodiesProvince', form);
  const needs = regulatorNeeds(regulator);
  const isBeijingList = needsBeijingStateAssetList(regulator, province);

  const regulators = useQuery(dictTreeQuery(REGULATOR_DICTIONARY));
  const provinces = useQuery({ ...zoningQuery(), enabled: needs !== 'none' });
  const cities = useQuery({
    ...zoningQuery(province),
    enabled: needs === 'provinceAndCity' && Boolean(province),
  });
  const beijingList = useQuery({
    ...enterpriseDirectoryQuery(ASSET_SOURCE_SEARCH.BJSGZW),
    enabled: isBeijingList,
  });

  const selectRule = (label: string) => ({ required: isRequired, message: pleaseSelect(label) });
  const fillRule = (label: string) => ({ required: isRequired, message: fillIn(label) });

  const clearEnterpriseIfModeChanges = (
    nextRegulator: string | undefined,
    nextProvince: string | undefined,
  ) => {
    if (needsBeijingStateAssetList(nextRegulator, nextProvince) !== isBeijingList) {
      form.setFieldsValue({ stateFundedEnter: undefined, stateCreditCode: undefined });
    }
  };

  const onRegulatorChange = (code: string | undefined): void => {
    const nextNeeds = regulatorNeeds(code);
    const nextProvince = nextNeeds === 'none' ? undefined : province;
    clearEnterpriseIfModeChanges(code, nextProvince);
    if (nextNeeds === 'none') {
      form.setFieldsValue({ regulatoryBodiesProvince: undefined, regulatoryBodiesCity: undefined });
    } else if (nextNeeds === 'province') {
      form.setFieldsValue({ regulatoryBodiesCity: undefined });
    } else if (province && !form.getFieldValue('regulatoryBodiesCity')) {
      form.setFieldsValue({ regulatoryBodiesCity: defaultCityFor(province) });
    }
  };

  const onProvinceChange = (code: string | undefined): void => {
    clearEnterpriseIfModeChanges(regulator, code);
    form.setFieldsValue({
      regulatoryBodiesCity: needs === 'provinceAndCity' && code ? defaultCityFor(code) : undefined,
    });
  };

  return (
    <>
      <Form.Item
        name="regulatoryBodies"
        label={REGULATOR_FIELDS.regulatoryBodies}
        rules={[selectRule(REGULATOR_FIELDS.regulatoryBodies)]}
      >
        <TreeSelect
          treeData={toTreeOptions(regulators.data ?? [])}
          loading={regulators.isLoading}
          treeDefaultExpandAll
          allowClear
          disabled={disabled}
          placeholder={pleaseSelect(REGULATOR_FIELDS.regulatoryBodies)}
          onChange={(code: string | undefined) => onRegulatorChange(code)}
        />
      </Form.Item>
      {needs === 'none' ? null : (
        <Form.Item
          name="regulatoryBodiesProvince"
          label={REGULATOR_FIELDS.regulatoryBodiesProvince}
          rules={[selectRule(REGULATOR_FIELDS.regulatoryBodiesProvince)]}
        >
          <Select
            options={toRegionOptions(provinces.data)}
            loading={provinces.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            disabled={disabled}
            placeholder={pleaseSelect(REGULATOR_FIELDS.regulatoryBodiesProvince)}
            onChange={(code: string | undefined) => onProvinceChange(code)}
          />
        </Form.Item>
      )}
      {needs === 'provinceAndCity' ? (
        <Form.Item
          name="regulatoryBodiesCity"
          label={REGULATOR_FIELDS.regulatoryBodiesCity}
          rules={[selectRule(REGULATOR_FIELDS.regulatoryBodiesCity)]}
        >
          <Select
            options={toRegionOptions(cities.data)}
            loading={cities.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            disabled={disabled || !province}
            placeholder={pleaseSelect(REGULATOR_FIELDS.regulatoryBodiesCity)}
          />
        </Form.Item>
      ) : null}
      {isBeijingList ? (
        <Form.Item
          name="stateFundedEnter"
          label={REGULATOR_FIELDS.stateFundedEnter}
          rules={[selectRule(REGULATOR_FIELDS.stateFundedEnter)]}
        >
          <Select
            options={toEnterpriseOptions(beijingList.data)}
            loading={beijingList.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            disabled={disabled}
            placeholder={pleaseSelect(REGULATOR_FIELDS.stateFundedEnter)}
            onChange={(_name: string | undefined, option) => {
              const picked = Array.isArray(option) ? undefined : option;
              form.setFieldsValue({ stateCreditCode: picked?.creditCode });
            }}
          />
        </Form.Item>
      ) : (
        <Form.Item
          name="stateFundedEnter"
          label={REGULATOR_FIELDS.stateFundedEnter}
          rules={[fillRule(REGULATOR_FIELDS.stateFundedEnter)]}
        >
          <Input
            disabled={disabled}
            maxLength={100}
            placeholder={fillIn(REGULATOR_FIELDS.stateFundedEnter)}
          />
        </Form.Item>
      )}
      <Form.Item
        name="stateCreditCode"
        label={REGULATOR_FIELDS.stateCreditCode}
        rules={[
          fillRule(REGULATOR_FIELDS.stateCreditCode),
          {
            validator: (_rule, value: string | undefined) => {
              if (!value) return Promise.resolve();
              const message = validateCreditCode(value);
              return message === null ? Promise.resolve() : Promise.reject(new Error(message));
            },
          },
        ]}
      >
        <Input
          disabled={disabled || isBeijingList}
          maxLength={18}
          placeholder={fillIn(REGULATOR_FIELDS.stateCreditCode)}
        />
      </Form.Item>
    </>
  );
}
