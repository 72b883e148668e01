// A project's form read only, drawn from its kind's field groups: one bordered list per group with the visible
// fields' values as the view shows them (money in yuan, shares as percentages, dictionary keys by their labels),
// a list field as a table, and the project's files under each file field. Given the form of an earlier submission,
// the fields changed since are marked (修改) with their earlier value, and listed above the groups.
import { Alert, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { isFieldVisible, showFieldValue } from '@cqjy/domain/projects/kinds/fields';
import type { FieldDef, ProjectFormBase } from '@cqjy/domain/projects/kinds/fields';
import type { ProjectKind } from '@cqjy/domain/projects/kinds/kind';
import { FileRow } from '../../components/index.ts';
import { useDictLabels, type DictLabel } from './use-dict-labels.ts';

const NONE = '—';

function ListValue({ field, value, dictLabel }: { field: FieldDef; value: unknown; dictLabel: DictLabel }) {
  const rows = Array.isArray(value)
    ? value.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    : [];
  if (rows.length === 0) return <>{NONE}</>;
  return (
    <Table<Record<string, unknown>>
      rowKey={(_row, index) => String(index)}
      size="small"
      pagination={false}
      dataSource={rows}
      columns={(field.fields ?? []).map((cell) => ({
        key: cell.name,
        title: cell.label,
        render: (_: unknown, row: Record<string, unknown>) =>
          showFieldValue(cell, row[cell.name], dictLabel) || NONE,
      }))}
    />
  );
}

/** A file field's files, or the dash of an empty value like any other field's. */
function FileList({ files }: { files: readonly AttachmentItem[] }) {
  if (files.length === 0) return <>{NONE}</>;
  return (
    <>
      {files.map((file) => (
        <FileRow key={file.uuid} item={file} />
      ))}
    </>
  );
}

/** A field's value as compared between submissions: its shown text, a list by its rows. */
function comparable(field: FieldDef, value: unknown, dictLabel: DictLabel): string {
  if (field.kind === 'list') return Array.isArray(value) && value.length > 0 ? JSON.stringify(value) : '';
  return showFieldValue(field, value, dictLabel);
}

/** The visible fields whose value differs between an earlier submission's form and this one. */
export function changedFields(
  kind: ProjectKind,
  previous: ProjectFormBase,
  form: ProjectFormBase,
  dictLabel: DictLabel = (_dict, key) => key,
): FieldDef[] {
  return kind.fields.filter(
    (field) =>
      field.kind !== 'file' &&
      field.kind !== 'member' &&
      isFieldVisible(field, form) &&
      comparable(field, previous[field.name], dictLabel) !== comparable(field, form[field.name], dictLabel),
  );
}

export type ProjectFactsViewProps = {
  kind: ProjectKind;
  form: ProjectFormBase;
  /** the name of the member company the project is entrusted to */
  agentName: string | null;
  /** the project's files by tag */
  attachments: Readonly<Record<string, AttachmentItem[]>>;
  /** the form of the submission before this one: the fields changed since are marked */
  previous?: ProjectFormBase | null;
};

const CHANGED_STYLE = { background: '#fffbe6' };

export function ProjectFactsView({ kind, form, agentName, attachments, previous }: ProjectFactsViewProps) {
  const dictLabel = useDictLabels(kind.fields);
  const changed =
    previous === undefined || previous === null ? [] : changedFields(kind, previous, form, dictLabel);
  const changedNames = new Set(changed.map((field) => field.name));
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', marginTop: 16 }}>
      {previous === undefined || previous === null ? null : (
        <Alert
          type={changed.length === 0 ? 'info' : 'warning'}
          showIcon
          title={
            changed.length === 0
              ? MSG.reviewNoChanges
              : formatMessage(MSG.reviewChanges, {
                  count: changed.length,
                  fields: changed.map((field) => field.label).join('、'),
                })
          }
        />
      )}
      {kind.groups.map((group) => {
        const fields = group.fields.filter((field) => field.name !== 'name' && isFieldVisible(field, form));
        if (fields.length === 0) return null;
        return (
          <Descriptions key={group.key} title={group.title} bordered size="small" column={2}>
            {fields.map((field) => (
              <Descriptions.Item
                key={field.name}
                label={
                  changedNames.has(field.name) ? (
                    <Space size={4}>
                      {field.label}
                      <Tag color="orange">修改</Tag>
                    </Space>
                  ) : (
                    field.label
                  )
                }
                span={field.isWide === true || field.kind === 'file' ? 2 : 1}
                styles={changedNames.has(field.name) ? { content: CHANGED_STYLE, label: CHANGED_STYLE } : {}}
              >
                {field.kind === 'list' ? (
                  <ListValue field={field} value={form[field.name]} dictLabel={dictLabel} />
                ) : field.kind === 'member' ? (
                  (agentName ?? NONE)
                ) : field.kind === 'file' ? (
                  <FileList files={attachments[field.tag ?? field.name] ?? []} />
                ) : (
                  <span style={{ whiteSpace: 'pre-wrap' }}>
                    {showFieldValue(field, form[field.name], dictLabel) || NONE}
                  </span>
                )}
                {changedNames.has(field.name) && previous && field.kind !== 'list' ? (
                  <Typography.Text type="secondary" delete style={{ display: 'block' }}>
                    {showFieldValue(field, previous[field.name], dictLabel) || NONE}
                  </Typography.Text>
                ) : null}
              </Descriptions.Item>
            ))}
          </Descriptions>
        );
      })}
    </Space>
  );
}
