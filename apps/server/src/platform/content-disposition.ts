// Content-Disposition for file answers (RFC 6266): a plain ASCII `filename` for old clients and the exact name in
// `filename*` (RFC 8187, UTF-8 percent-encoded), which every current browser prefers.

/** Printable ASCII without the characters that end or escape a quoted string, or start a percent escape. */
function toAsciiFallback(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return fallback === '' ? 'download' : fallback;
}

/** RFC 8187 attr-char: encodeURIComponent leaves ' ( ) * and ! unescaped, of which only ! is allowed. */
function encodeExtValue(fileName: string): string {
  return encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  return `${kind}; filename="${toAsciiFallback(fileName)}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}

/** The content type of every .xlsx the portal answers (templates, exports). */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
