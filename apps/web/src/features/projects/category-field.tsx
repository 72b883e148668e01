// The category of a kind whose form changes with one (KindCategories; the unified family's 项目类别): its select
// takes the categories of the kind's category call (the dictionary's entries in force, each with the fields it
// adds) and says under it which fields the chosen category adds. The form shows the category's groups and fields
// as soon as it is picked (the kind's isVisible reads the form's category).
import type { ReactElement, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { KindCategory } from '@cqjy/domain/contracts/project-kinds';
import { formatMessage } from '@cqjy/domain/format';
import { MSG, pleaseSelect } from '@cqjy/domain/messages';
import type { FieldDef, ProjectFormBase } from '@cqjy/domain/projects/kinds/fields';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import type { ProjectKind } from '@cqjy/domain/projects/kinds/kind';
import { kindCategoriesQuery } from './api.ts';

const shortLabel = (label: string): string => label.replace(/（.*?）$/, '');

/** The categories as the options of a drop-down; Form.Item hands it its id, value and change handler. */
function CategorySelect({
  field,
  categories,
  isLoading,
  ...rest
}: {
  field: FieldDef;
  categories: readonly KindCategory[];
  isLoading: boolean;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  return (
    <Select
      {...rest}
      value={rest.value ?? undefined}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={isLoading}
      placeholder={pleaseSelect(shortLabel(field.label))}
      options={categories.map((category) => ({ value: category.key, label: category.label }))}
      style={{ maxWidth: 360 }}
    />
  );
}

/** What a category adds to the form, as said under its select: 本类别另需填写：房屋坐落、出租面积… */
export function categoryNote(category: KindCategory | undefined): string | undefined {
  if (category === undefined || category.fields.length === 0) return undefined;
  return formatMessage(MSG.categoryFieldsNote, {
    fields: category.fields.map((field) => shortLabel(field.label)).join('、'),
  });
}

export type FieldAids = {
  /** a control drawn in place of a field's own, by field name */
  controls: Readonly<Record<string, ReactElement>>;
  /** what is said under a field after its hint, by field name */
  notes: Readonly<Record<string, ReactNode>>;
};

export const NO_AIDS: FieldAids = { controls: {}, notes: {} };

/** The category field's select and note of a kind with categories; none for another kind. */
export function useCategoryAids(family: ProjectFamily, kind: ProjectKind, wire: ProjectFormBase): FieldAids {
  const declared = kind.categories;
  const categories = useQuery({ ...kindCategoriesQuery(family), enabled: declared !== undefined });
  if (declared === undefined) return NO_AIDS;
  const field = kind.fields.find((each) => each.name === declared.field);
  if (field === undefined) return NO_AIDS;
  const list = categories.data ?? [];
  const chosen = wire[declared.field];
  const note = categoryNote(list.find((category) => category.key === chosen));
  return {
    controls: {
      [field.name]: <CategorySelect field={field} categories={list} isLoading={categories.isLoading} />,
    },
    notes: note === undefined ? {} : { [field.name]: note },
  };
}
