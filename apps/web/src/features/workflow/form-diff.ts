// What changed between two submissions of an application (the MfyRrn screen): the action's fields whose values
// differ, with both values as the screen shows them.
import type { ActionConfig, ActionForm } from '@cqjy/domain/workflow/actions';

export type FieldChange = { name: string; label: string; before: string; after: string };

export function showValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The fields of `config` whose shown value differs between `before` and `after`, in the form's order. */
export function diffForms(config: ActionConfig, before: ActionForm, after: ActionForm): FieldChange[] {
  return config.fields.flatMap((field) => {
    const was = showValue(before[field.name]);
    const now = showValue(after[field.name]);
    return was === now ? [] : [{ name: field.name, label: field.label, before: was, after: now }];
  });
}
