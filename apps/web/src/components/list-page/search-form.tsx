// The search form of a list page, drawn from its columns' search fields: an input, a select (全部 when nothing is
// chosen) or a date range per field, then 查询 and 重置 (which clears the fields and searches with none), and the
// page's toolbar at the row's end where it has one there.
import { DatePicker, Form, Input, Select } from 'antd';
import type { FormInstance } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { SearchActions } from '../search-form.tsx';
import type { SearchField, SearchItem } from './columns.ts';

const DAY_FORMAT = 'YYYY-MM-DD';

/**
 * The control of a field. Form.Item hands its child the field's id, value and onChange: they are passed on to the
 * control (its id is what the label names).
 */
function SearchControl({ field, ...control }: { field: SearchField } & Record<string, unknown>) {
  const style = field.width === undefined ? undefined : { width: field.width };
  switch (field.kind) {
    case 'input':
      return (
        <Input
          {...control}
          allowClear
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          style={style}
        />
      );
    case 'select':
      return (
        <Select
          {...control}
          allowClear
          {...(field.isSearchable === true ? { showSearch: { optionFilterProp: 'label' } } : {})}
          placeholder={field.placeholder ?? '全部'}
          options={field.options}
          style={style}
        />
      );
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          {...control}
          format={field.format ?? DAY_FORMAT}
          {...(field.isOpenEnded === true ? { allowEmpty: [true, true] as [boolean, boolean] } : {})}
          {...(field.placeholder === undefined ? {} : { placeholder: field.placeholder })}
          style={style}
        />
      );
  }
}

export type ListSearchFormProps<V> = {
  form: FormInstance<V>;
  items: readonly SearchItem[];
  onSearch: (values: V) => void;
  /** at the row's end, after 查询 and 重置 (新增, 导出) */
  toolbar?: ReactNode;
  style?: CSSProperties;
};

export function ListSearchForm<V extends object>({
  form,
  items,
  onSearch,
  toolbar,
  style,
}: ListSearchFormProps<V>) {
  return (
    <Form<V>
      form={form}
      layout="inline"
      onFinish={onSearch}
      style={{ marginBottom: 16, rowGap: 8, ...style }}
    >
      {items.map(({ key, name, label, field }) => (
        <Form.Item
          key={key}
          name={name}
          label={label}
          {...(field.kind === 'input' && field.normalize !== undefined ? { normalize: field.normalize } : {})}
        >
          <SearchControl field={field} />
        </Form.Item>
      ))}
      <SearchActions
        onReset={() => {
          form.resetFields();
          onSearch({} as V);
        }}
      />
      {toolbar !== undefined && toolbar !== null && toolbar !== false && (
        <Form.Item style={{ marginInlineStart: 'auto', marginInlineEnd: 0 }}>{toolbar}</Form.Item>
      )}
    </Form>
  );
}
