// The project form of any kind, drawn from its field descriptors (projects/kinds): one card per field group, one
// item per visible field with the control of its kind, and the hint the kind writes under it (which may depend on
// the form and on the exchange's settings). Files are the project's own and can be added once the draft exists.
// The page may draw a field's control itself and say more under a field (a kind's category select and what the
// category adds; a closing day counted provisionally).
import type { ReactElement, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Cascader, Checkbox, Form, Input, Radio, Select, Space } from 'antd';
import { fillIn, MSG, pleaseSelect } from '@cqjy/domain/messages';
import { isFieldVisible } from '@cqjy/domain/projects/kinds/fields';
import type { FieldDef, FieldGroup, KindSettings, ProjectFormBase } from '@cqjy/domain/projects/kinds/fields';
import { listCities, listProvinces } from '@cqjy/domain/regions';
import { SHARE_DECIMALS } from '@cqjy/domain/projects/shares';
import { PROJECT_DATA_CLASS } from '@cqjy/domain/workflow/actions';
import { TELEPHONE_MAX_LENGTH } from '@cqjy/domain/validation/telephone';
import { dictListQuery } from '../../api/dictionaries.ts';
import { membersQuery } from './api.ts';
import { fieldProblem, type MissingFields } from './form-values.ts';
import { CountedTextArea, DayPicker, FileUpload, NumberInput, RatioInput } from '../../components/index.ts';

const shortLabel = (label: string): string => label.replace(/（.*?）$/, '');

type RegionOption = { value: string; label: string; children?: RegionOption[] };

let regionOptions: RegionOption[] | undefined;

/** Provinces with their cities, built once (a municipality's city is its 市辖区). */
function listRegionOptions(): RegionOption[] {
  regionOptions ??= listProvinces().map((province) => ({
    value: province.code,
    label: province.name,
    children: listCities(province.code).map((city) => ({ value: city.code, label: city.name })),
  }));
  return regionOptions;
}

/** A dictionary's entries as the options of a drop-down. */
function DictSelect({
  field,
  ...rest
}: {
  field: FieldDef;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const entries = useQuery({ ...dictListQuery(field.dict ?? ''), enabled: field.dict !== undefined });
  return (
    <Select
      {...rest}
      value={rest.value ?? undefined}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={entries.isLoading}
      placeholder={pleaseSelect(shortLabel(field.label))}
      options={(entries.data ?? []).map((entry) => ({ value: entry.key, label: entry.label }))}
      style={{ maxWidth: 360 }}
    />
  );
}

/** What Form.Item hands a control: its id, value and change handler (and checked for a checkbox). */
type Injected = {
  id?: string;
  value?: never;
  checked?: never;
  onChange?: never;
  'aria-label'?: string;
};

/** The member companies to entrust the project to. */
function MemberSelect({ field, ...rest }: { field: FieldDef } & Injected) {
  const members = useQuery(membersQuery());
  return (
    <Select
      {...rest}
      value={rest.value ?? undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={members.isLoading}
      placeholder={pleaseSelect(shortLabel(field.label))}
      options={(members.data ?? []).map((member) => ({ value: member.id, label: member.name }))}
      style={{ maxWidth: 360 }}
    />
  );
}

/** The control of a field of one value (lists and files are drawn by their own items below). */
function FieldControl({ field, ...injected }: { field: FieldDef } & Injected) {
  const placeholder = fillIn(shortLabel(field.label));
  switch (field.kind) {
    case 'textarea':
      return <CountedTextArea {...injected} max={field.max} rows={4} />;
    case 'money':
      return <NumberInput {...injected} placeholder={placeholder} suffix="元" style={{ maxWidth: 360 }} />;
    case 'integer':
      return (
        <NumberInput
          {...injected}
          decimalDigits={0}
          integerDigits={field.integerDigits}
          placeholder={placeholder}
          style={{ maxWidth: 360 }}
        />
      );
    case 'percent':
      return (
        <RatioInput
          {...injected}
          decimals={2}
          placeholder={placeholder}
          suffix="%"
          style={{ maxWidth: 360 }}
        />
      );
    case 'share':
      return (
        <RatioInput
          {...injected}
          decimals={SHARE_DECIMALS}
          placeholder={placeholder}
          suffix="%"
          style={{ maxWidth: 200 }}
        />
      );
    case 'choice':
      return field.isRadio === true ? (
        <Radio.Group {...injected} options={[...(field.options ?? [])]} />
      ) : (
        <Select
          {...injected}
          options={[...(field.options ?? [])]}
          placeholder={pleaseSelect(shortLabel(field.label))}
          style={{ maxWidth: 360 }}
        />
      );
    case 'dict':
      return <DictSelect {...injected} field={field} />;
    case 'member':
      return <MemberSelect {...injected} field={field} />;
    case 'region':
      return (
        <Cascader
          {...injected}
          options={listRegionOptions()}
          changeOnSelect
          placeholder={pleaseSelect(shortLabel(field.label))}
          style={{ maxWidth: 360 }}
        />
      );
    case 'date':
      return <DayPicker {...injected} aria-label={field.label} />;
    case 'boolean':
      return <Checkbox {...injected}>{field.checkLabel ?? field.label}</Checkbox>;
    case 'mobile':
      return (
        <Input
          {...injected}
          inputMode="numeric"
          maxLength={11}
          placeholder={placeholder}
          style={{ maxWidth: 360 }}
        />
      );
    case 'telephone':
      return (
        <Input
          {...injected}
          inputMode="tel"
          maxLength={TELEPHONE_MAX_LENGTH}
          placeholder={placeholder}
          style={{ maxWidth: 360 }}
        />
      );
    case 'creditCode':
      return <Input {...injected} maxLength={18} placeholder={placeholder} style={{ maxWidth: 360 }} />;
    default:
      return (
        <Input {...injected} placeholder={placeholder} maxLength={field.max} style={{ maxWidth: 520 }} />
      );
  }
}

function hintOf(field: FieldDef, wire: ProjectFormBase, settings: KindSettings): string | undefined {
  return typeof field.hint === 'function' ? field.hint(wire, settings) : field.hint;
}

const isRequiredIn = (field: FieldDef, wire: ProjectFormBase): boolean =>
  typeof field.isRequired === 'function' ? field.isRequired(wire) : field.isRequired === true;

/** The rows of a list field (the transferors): a table with a column per cell, rows added and removed. */
function ListField({ field, wire }: { field: FieldDef; wire: ProjectFormBase }) {
  const cells = field.fields ?? [];
  return (
    <Form.List name={field.name}>
      {(rows, { add, remove }) => (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {rows.length > 0 && (
            <table className="project-list-field" style={{ borderCollapse: 'collapse', width: '100%' }}>
              <thead>
                <tr>
                  <th style={LIST_HEAD}>序号</th>
                  {cells.map((cell) => (
                    <th key={cell.name} style={LIST_HEAD}>
                      {isRequiredIn(cell, wire) && <span style={{ color: '#ff4d4f' }}>* </span>}
                      {cell.label}
                    </th>
                  ))}
                  <th style={LIST_HEAD}>操作</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={row.key}>
                    <td style={LIST_CELL}>{index + 1}</td>
                    {cells.map((cell) => (
                      <td key={cell.name} style={LIST_CELL}>
                        <Form.Item
                          name={[row.name, cell.name]}
                          valuePropName={cell.kind === 'boolean' ? 'checked' : 'value'}
                          noStyle
                        >
                          <FieldControl
                            field={cell}
                            aria-label={`${field.label}第${index + 1}行${cell.label}`}
                          />
                        </Form.Item>
                      </td>
                    ))}
                    <td style={LIST_CELL}>
                      <Button type="link" danger onClick={() => remove(row.name)}>
                        删除
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Button onClick={() => add({})}>添加{field.label}</Button>
        </Space>
      )}
    </Form.List>
  );
}

const LIST_HEAD = {
  background: '#fafafa',
  border: '1px solid #f0f0f0',
  padding: '6px 8px',
  fontWeight: 500,
  textAlign: 'left',
} as const;
const LIST_CELL = { border: '1px solid #f0f0f0', padding: '6px 8px' } as const;

export type ProjectFormFieldsProps = {
  groups: readonly FieldGroup[];
  /** the form as it would travel now, for what is shown and what the hints say */
  wire: ProjectFormBase;
  settings: KindSettings;
  /** the saved project: files are added to it; none before the first 保存 */
  projectId: number | null;
  /**
   * For a submission, the messages the kind's rules raise for the stage submitted (a required field is marked
   * missing only where they name it: a pre-disclosure asks fewer than the formal one); null for a draft. Read when
   * the rules run, so the page sets it just before validating every field.
   */
  missing?: { readonly current: MissingFields };
  /** a control drawn in place of a field's own (Form.Item hands it the value and change handler), by field name */
  controls?: Readonly<Record<string, ReactElement>>;
  /** what is said under a field after its hint, by field name */
  notes?: Readonly<Record<string, ReactNode>>;
};

const NOTHING: Readonly<Record<string, never>> = {};

/** The hint under a field, and the page's note after it. */
function extraOf(hint: string | undefined, note: ReactNode): ReactNode {
  if (note === undefined || note === null) return hint;
  return (
    <>
      {hint === undefined ? null : <div>{hint}</div>}
      <div>{note}</div>
    </>
  );
}

/** One rule per field, the domain's: each invalid field is marked with its own message. */
function rulesOf(field: FieldDef, wire: ProjectFormBase, missing: { readonly current: MissingFields }) {
  return [
    {
      validator: (_rule: unknown, value: unknown): Promise<void> => {
        const problem = fieldProblem(field, value, wire, missing.current);
        return problem === null ? Promise.resolve() : Promise.reject(new Error(problem));
      },
    },
  ];
}

const DRAFT = { current: null } as const;

export function ProjectFormFields({
  groups,
  wire,
  settings,
  projectId,
  missing = DRAFT,
  controls = NOTHING,
  notes = NOTHING,
}: ProjectFormFieldsProps) {
  return (
    <>
      {groups.map((group) => {
        const fields = group.fields.filter((field) => isFieldVisible(field, wire));
        if (fields.length === 0) return null;
        return (
          <Card key={group.key} title={group.title} size="small" style={{ marginBottom: 16 }}>
            {fields.map((field) => {
              const common = {
                label: field.label,
                required: isRequiredIn(field, wire),
                extra: extraOf(hintOf(field, wire, settings), notes[field.name]),
              };
              if (field.kind === 'list') {
                return (
                  <Form.Item key={field.name} {...common}>
                    <ListField field={field} wire={wire} />
                  </Form.Item>
                );
              }
              if (field.kind === 'file') {
                return projectId === null ? (
                  <Form.Item key={field.name} {...common}>
                    <Alert type="info" showIcon title={`${MSG.projectSaveBeforeFiles}${field.label}`} />
                  </Form.Item>
                ) : (
                  <Form.Item key={field.name} name={field.name} {...common}>
                    <FileUpload
                      tag={field.tag ?? field.name}
                      dataClass={PROJECT_DATA_CLASS}
                      dataId={String(projectId)}
                    />
                  </Form.Item>
                );
              }
              return (
                <Form.Item
                  key={field.name}
                  name={field.name}
                  valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
                  {...common}
                  rules={rulesOf(field, wire, missing)}
                >
                  {controls[field.name] ?? <FieldControl field={field} />}
                </Form.Item>
              );
            })}
          </Card>
        );
      })}
    </>
  );
}
