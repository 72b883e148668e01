// Rows as a CSV file a spreadsheet opens as written: UTF-8 with its byte-order mark (Excel reads Chinese right),
// CRLF lines, cells quoted where they must be, and a text that could start a formula kept as text (CSV injection).

/** Rows as CSV with a header of their keys; a text that could start a formula is quoted as text. */
export function toCsv(records: readonly Record<string, unknown>[]): string {
  const first = records[0];
  if (first === undefined) return '\uFEFF';
  const keys = Object.keys(first);
  const cell = (value: unknown) => {
    const text =
      typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'boolean'
          ? String(value)
          : '';
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [keys.join(','), ...records.map((record) => keys.map((key) => cell(record[key])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
