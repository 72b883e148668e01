// A dialog that checks its fields with a domain rule on submit shows each refusal under the field it names; the
// message goes as soon as that field changes.
import type { FormInstance } from 'antd';

/** The `onValuesChange` of such a form: clears the errors of the fields just changed. */
export function clearErrorsOnChange<T extends object>(form: FormInstance<T>) {
  return (changed: Partial<T>): void =>
    (form as FormInstance).setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
}
