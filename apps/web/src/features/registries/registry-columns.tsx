// The columns of a registry, drawn from its definition: the list's columns in their order (the first, the record's
// name, fixed on the left and taking what the others leave; amounts right-aligned), the keyword over the search
// fields and a select per filter field, and every field in the details in the form's order (a long text on a line
// of its own), then a state-funded customer's regulator, the project the row went into, the owner company (a list
// column for the exchange only) and 更新时间.
import { formatDateTime } from '@cqjy/domain/format';
import { showSheetValue } from '@cqjy/domain/projects/sheets';
import type { SheetValues } from '@cqjy/domain/projects/sheets';
import { regionName, regulatorName } from '@cqjy/domain/regions';
import { fieldOf } from '@cqjy/domain/registries/kit';
import type { RegistryDef, RegistryRow } from '@cqjy/domain/registries/kit';
import { REGULATOR_FIELDS } from '../../components/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { cutText, isNumberColumn, sheetColumnWidth } from '../projects/index.ts';
import { StartedLink } from './start-project.tsx';

/** The keyword's placeholder: the labels of the fields it searches (企业名称、统一社会信用代码或联系人). */
export function keywordPlaceholder(def: RegistryDef): string {
  const labels = def.searchFields.map((key) => fieldOf(def, key)?.label ?? key);
  const last = labels.pop();
  return labels.length === 0 ? (last ?? '') : `${labels.join('、')}或${last ?? ''}`;
}

/** A regulator field as a person reads it: names, not codes; undefined when it is empty. */
type RegulatorField = { key: keyof typeof REGULATOR_FIELDS; show: (code: string) => string | undefined };
const REGULATOR: readonly RegulatorField[] = [
  { key: 'regulatoryBodies', show: (code) => regulatorName(code) },
  { key: 'regulatoryBodiesProvince', show: (code) => regionName(code) },
  { key: 'regulatoryBodiesCity', show: (code) => regionName(code) },
  { key: 'stateFundedEnter', show: (text) => text },
  { key: 'stateCreditCode', show: (text) => text },
];

const textOf = (values: SheetValues, key: string): string | undefined => {
  const value = values[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** A regulator's item: none without a regulator, nor where the field is empty. */
function regulatorValue(values: SheetValues, field: RegulatorField): string | undefined {
  if (textOf(values, 'regulatoryBodies') === undefined) return undefined;
  const text = textOf(values, field.key);
  return text === undefined ? undefined : field.show(text);
}

/** The details after the fields: the regulator, 所在项目, 所属单位 and 更新时间, in this order. */
const AFTER_FIELDS = 1000;

export function registryColumns(def: RegistryDef, isExchange: boolean): ListColumn<RegistryRow>[] {
  const inList = new Set(def.listColumns);
  const fieldIndex = (key: string): number => def.fields.findIndex((field) => field.key === key);
  // the list's columns in their order, then the fields the details alone show
  const keys = [
    ...def.listColumns,
    ...def.fields.map((field) => field.key).filter((key) => !inList.has(key)),
  ];
  const fieldColumns = keys.flatMap((key, index): ListColumn<RegistryRow>[] => {
    const field = fieldOf(def, key);
    if (field === undefined) return [];
    const filterIndex = def.filters.indexOf(key);
    return [
      {
        key,
        title: field.label,
        hideInTable: !inList.has(key),
        // the name takes what the other columns leave (with 所在项目): 我的资产 fits a 1,440 px screen's card
        ...(index === 0 ? {} : { width: sheetColumnWidth(field) }),
        // amounts and quantities right-aligned, as every table of the portal has them
        align: isNumberColumn(field) ? ('right' as const) : undefined,
        fixed: index === 0 ? ('left' as const) : undefined,
        ellipsis: { showTitle: false },
        render: (_: unknown, row: RegistryRow) => cutText(showSheetValue(field, row.values[key])),
        ...(filterIndex === -1
          ? {}
          : {
              search: {
                kind: 'select' as const,
                order: filterIndex,
                options: (field.options ?? []).map((option) => ({ value: option, label: option })),
                width: 160,
              },
            }),
        details: {
          order: fieldIndex(key),
          span: field.kind === 'text' && (field.max ?? 0) > 100 ? 2 : 1,
          render: (row) => (
            <span style={{ whiteSpace: 'pre-wrap' }}>{showSheetValue(field, row.values[key])}</span>
          ),
        },
      },
    ];
  });
  const regulatorColumns: ListColumn<RegistryRow>[] =
    def.hasRegulator === true
      ? REGULATOR.map((field, index) => ({
          key: field.key,
          title: REGULATOR_FIELDS[field.key],
          hideInTable: true,
          details: {
            order: AFTER_FIELDS + index,
            isShown: (row) => regulatorValue(row.values, field) !== undefined,
            render: (row) => regulatorValue(row.values, field),
          },
        }))
      : [];
  return [
    {
      key: 'keyword',
      title: '关键字',
      hideInTable: true,
      search: { kind: 'input', order: -1, placeholder: keywordPlaceholder(def), width: 280 },
    },
    ...fieldColumns,
    ...(def.start === undefined
      ? []
      : [
          {
            key: 'started',
            title: '所在项目',
            render: (_: unknown, row: RegistryRow) => <StartedLink row={row} />,
            details: { order: AFTER_FIELDS + REGULATOR.length },
          },
        ]),
    {
      key: 'companyName',
      title: '所属单位',
      hideInTable: !isExchange,
      ellipsis: { showTitle: false },
      render: (_: unknown, row: RegistryRow) => cutText(row.companyName),
      details: { order: AFTER_FIELDS + REGULATOR.length + 1, render: (row) => row.companyName },
    },
    ...regulatorColumns,
    {
      key: 'updatedAt',
      title: '更新时间',
      hideInTable: true,
      details: { order: AFTER_FIELDS + REGULATOR.length + 2, render: (row) => formatDateTime(row.updatedAt) },
    },
  ];
}
