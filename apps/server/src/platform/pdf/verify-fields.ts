// What the verifier reads of the PDF itself: the signature dictionaries with their /ByteRange, the text values
// of a dictionary, PDF dates, and the signature value hole a byte range leaves.
import { swapToUtf16le } from './verify-der.ts';

export type SignatureField = {
  byteRange: number[];
  /** where the dictionary holding the /ByteRange starts and ends (object bounds) */
  dictionary: string;
};

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** Every signature dictionary with a filled-in /ByteRange (an unsigned placeholder has none), in file order. */
export function findSignatureFields(text: string): SignatureField[] {
  const fields: SignatureField[] = [];
  for (const match of text.matchAll(BYTE_RANGE)) {
    const at = match.index;
    const objectStart = text.lastIndexOf(' obj', at);
    const objectEnd = text.indexOf('endobj', at);
    fields.push({
      byteRange: match.slice(1, 5).map(Number),
      dictionary: text.slice(
        objectStart === -1 ? Math.max(0, at - 4096) : objectStart,
        objectEnd === -1 ? Math.min(text.length, at + 65536) : objectEnd,
      ),
    });
  }
  return fields;
}

/** A PDF literal string's bytes: escapes resolved, nested parentheses kept. */
function readLiteralString(text: string, start: number): string | null {
  let depth = 0;
  let out = '';
  for (let i = start; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char === '\\') {
      const next = text[i + 1] ?? '';
      i += 1;
      const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
      if (next in escapes) out += escapes[next];
      else if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(text.slice(i, i + 3))?.[0] ?? next;
        out += String.fromCharCode(parseInt(octal, 8) & 0xff);
        i += octal.length - 1;
      } else if (next === '\r' || next === '\n') {
        if (next === '\r' && text[i + 1] === '\n') i += 1;
      } else out += next;
    } else if (char === '(') {
      if (depth > 0) out += char;
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
      if (depth === 0) return out;
      out += char;
    } else out += char;
  }
  return null;
}

/**
 * A PDF text string's bytes (latin1 in `raw`) as text: UTF-16BE with its byte order mark, UTF-8 with its own, else
 * PDFDocEncoding, taken only when it is printable ASCII. Writers that put non-Latin text in without a byte order
 * mark (pdf-lib's PDFString.of keeps the low byte of each UTF-16 unit) leave bytes that mean nothing: null then.
 */
function decodePdfText(raw: string): string | null {
  const bytes = Buffer.from(raw, 'latin1');
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return swapToUtf16le(bytes.subarray(2)).toString('utf16le');
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return bytes.subarray(3).toString('utf8');
  }
  return /^[\x20-\x7e]*$/.test(raw) ? raw : null;
}

/** The text value of `/Key` in a dictionary: a literal (...) or hex <...> string. */
export function readDictionaryText(dictionary: string, key: string): string | null {
  const match = new RegExp(`/${key}\\s*([(<])`).exec(dictionary);
  if (match === null) return null;
  const start = match.index + match[0].length - 1;
  if (match[1] === '(') {
    const raw = readLiteralString(dictionary, start);
    return raw === null ? null : decodePdfText(raw);
  }
  const end = dictionary.indexOf('>', start);
  if (end === -1) return null;
  const hex = dictionary.slice(start + 1, end).replace(/\s/g, '');
  if (!/^[0-9a-fA-F]*$/.test(hex)) return null;
  return decodePdfText(Buffer.from(hex.length % 2 === 0 ? hex : `${hex}0`, 'hex').toString('latin1'));
}

/** A PDF date (D:YYYYMMDDHHmmSS+08'00') as an instant; null when it is not one. */
export function parsePdfDate(text: string): Date | null {
  const match =
    /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(
      text.trim(),
    );
  if (match === null) return null;
  const [, y, mo, d, h, mi, s, sign, oh, om] = match;
  const utc = Date.UTC(
    Number(y),
    Number(mo ?? 1) - 1,
    Number(d ?? 1),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
  );
  const offsetMinutes = sign === '+' || sign === '-' ? Number(oh ?? 0) * 60 + Number(om ?? 0) : 0;
  const at = utc - (sign === '-' ? -offsetMinutes : offsetMinutes) * 60_000;
  return Number.isNaN(at) ? null : new Date(at);
}

/**
 * The signature value hole of a byte range: [start1=0, length1, start2, length2] with the hole between them being
 * exactly the hex string of /Contents. Null when the ranges do not describe one (or leave the file).
 */
export function readContentsHole(pdf: Buffer, range: number[]): { cms: Buffer; covered: Buffer } | null {
  const [a = -1, b = -1, c = -1, d = -1] = range;
  if (a !== 0 || b <= 0 || c <= b || d < 0 || c + d > pdf.length) return null;
  if (pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e) return null;
  const hex = pdf.subarray(b + 1, c - 1).toString('latin1');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) return null;
  return {
    cms: Buffer.from(hex, 'hex'),
    covered: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
  };
}
