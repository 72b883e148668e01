/** A field of an unchecked body or sheet row as text: trimmed, and '' when it is absent or not a string. */
export const trimmedText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
