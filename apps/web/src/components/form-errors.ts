// A dialog that checks its fields with a domain rule on submit shows each refusal under the field it names; the
// message goes as soon as that field changes.
import type { FormInstance } from 'antd';

/** The `onValuesChange` of such a form: clears the errors of the fields just changed. */
export function clearErrorsOnChange<T extends object>(form: FormInstance<T>) {
  return (changed: Partial<T>): void =>
    (form as FormInstance).setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
}

/**
 * A domain rule's refusals as the form shows them: the first message of each field of the form, those of fields the
 * form does not show (ids, versions) left out.
 */
export function fieldErrorsOf<T extends object>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  shown: readonly (keyof T & string)[],
): { name: keyof T & string; errors: string[] }[] {
  const seen = new Set<string>();
  return issues.flatMap((issue) => {
    const name = String(issue.path[0] ?? '');
    if (seen.has(name) || !(shown as readonly string[]).includes(name)) return [];
    seen.add(name);
    return [{ name: name as keyof T & string, errors: [issue.message] }];
  });
}
