// What changed between two submissions of an application (the MfyRrn screen): the action's fields whose values
// differ, with both values as the screen shows them.
import { showActionValue } from '@cqjy/domain/workflow/actions';
import type { ActionConfig, ActionFieldDef, ActionForm } from '@cqjy/domain/workflow/actions';

export type FieldChange = { name: string; label: string; before: string; after: string };

/** A field's value as the screens show it (money in yuan); blank for a value of the wrong type. */
export function showValue(field: ActionFieldDef, value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return showActionValue(field, typeof value === 'string' ? value.trim() : value);
}

/** The fields of `config` whose shown value differs between `before` and `after`, in the form's order. */
export function diffForms(config: ActionConfig, before: ActionForm, after: ActionForm): FieldChange[] {
  return config.fields.flatMap((field) => {
    const was = showValue(field, before[field.name]);
    const now = showValue(field, after[field.name]);
    return was === now ? [] : [{ name: field.name, label: field.label, before: was, after: now }];
  });
}
