// The small DER reader of the PDF signature verifier (verify.ts): it reads the CMS structure in place rather than
// re-encoding it with a library, so that the signed attributes are verified over exactly the bytes the signer
// signed. BER's indefinite lengths are followed too.

/** The object identifiers the verifier reads. */
export const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  rsaEncryption: '1.2.840.113549.1.1.1',
  rsaPss: '1.2.840.113549.1.1.10',
  subjectKeyIdentifier: '2.5.29.14',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
} as const;

export type Der = {
  tag: number;
  /** where the element starts (its tag byte) */
  start: number;
  /** where its content starts and ends */
  contentStart: number;
  contentEnd: number;
  /** where the element ends (after an end-of-contents marker for an indefinite length) */
  end: number;
};

export class DerError extends Error {}

export const TAG = {
  integer: 0x02,
  octetString: 0x04,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  t61String: 0x14,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  universalString: 0x1c,
  bmpString: 0x1e,
  sequence: 0x30,
  set: 0x31,
  context0: 0xa0,
  context1: 0xa1,
  context3: 0xa3,
  implicit0: 0x80,
} as const;

/** One element at `offset`; BER's indefinite lengths are followed too (some signers wrap their CMS in them). */
export function readDer(bytes: Buffer, offset: number, limit: number = bytes.length): Der {
  if (offset + 2 > limit) throw new DerError('truncated header');
  const tag = bytes[offset] ?? 0;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not used here');
  const first = bytes[offset + 1] ?? 0;
  let contentStart = offset + 2;
  if (first === 0x80) {
    if ((tag & 0x20) === 0) throw new DerError('indefinite length of a primitive');
    let at = contentStart;
    for (;;) {
      if (at + 2 > limit) throw new DerError('no end-of-contents');
      if (bytes[at] === 0 && bytes[at + 1] === 0) break;
      at = readDer(bytes, at, limit).end;
    }
    return { tag, start: offset, contentStart, contentEnd: at, end: at + 2 };
  }
  let length = first;
  if (first > 0x80) {
    const count = first & 0x7f;
    if (count > 4 || contentStart + count > limit) throw new DerError('bad length');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + (bytes[contentStart + i] ?? 0);
    contentStart += count;
  }
  const contentEnd = contentStart + length;
  if (contentEnd > limit) throw new DerError('content past its parent');
  return { tag, start: offset, contentStart, contentEnd, end: contentEnd };
}

export function childrenOf(bytes: Buffer, node: Der): Der[] {
  const children: Der[] = [];
  for (let at = node.contentStart; at < node.contentEnd;) {
    const child = readDer(bytes, at, node.contentEnd);
    children.push(child);
    at = child.end;
  }
  return children;
}

export function expectTag(node: Der | undefined, tag: number): Der {
  if (node?.tag !== tag) throw new DerError(`expected tag ${tag.toString(16)}`);
  return node;
}

export function contentOf(bytes: Buffer, node: Der): Buffer {
  return bytes.subarray(node.contentStart, node.contentEnd);
}

export function rawOf(bytes: Buffer, node: Der): Buffer {
  return bytes.subarray(node.start, node.end);
}

function decodeOid(content: Buffer): string {
  if (content.length === 0) throw new DerError('empty OID');
  const first = content[0] ?? 0;
  const parts = [Math.min(Math.floor(first / 40), 2), first - Math.min(Math.floor(first / 40), 2) * 40];
  let value = 0;
  for (let i = 1; i < content.length; i += 1) {
    const byte = content[i] ?? 0;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

export function readOid(bytes: Buffer, node: Der | undefined): string {
  return decodeOid(contentOf(bytes, expectTag(node, TAG.oid)));
}

/** UTF-16BE bytes as UTF-16LE (what Buffer decodes); an odd last byte is dropped. */
export function swapToUtf16le(bytes: Buffer): Buffer {
  return Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2))).swap16();
}

export function decodeText(bytes: Buffer, node: Der): string {
  const content = contentOf(bytes, node);
  switch (node.tag) {
    case TAG.utf8String:
      return content.toString('utf8');
    case TAG.bmpString:
      return swapToUtf16le(content).toString('utf16le');
    case TAG.universalString: {
      let text = '';
      for (let i = 0; i + 3 < content.length; i += 4) text += String.fromCodePoint(content.readUInt32BE(i));
      return text;
    }
    default:
      return content.toString('latin1');
  }
}

export function decodeTime(bytes: Buffer, node: Der): Date | null {
  const text = contentOf(bytes, node).toString('latin1');
  const match =
    node.tag === TAG.utcTime
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/.exec(text)
      : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\.\d+)?Z$/.exec(text);
  if (match === null) return null;
  const [, y, mo, d, h, mi, s] = match;
  let year = Number(y);
  if (node.tag === TAG.utcTime) year += year < 50 ? 2000 : 1900;
  return new Date(Date.UTC(year, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)));
}

/** An INTEGER's magnitude as upper-case hex without leading zero bytes (how openssl prints serial numbers). */
export function integerHex(bytes: Buffer, node: Der): string {
  let content = contentOf(bytes, expectTag(node, TAG.integer));
  while (content.length > 1 && content[0] === 0) content = content.subarray(1);
  return content.toString('hex').toUpperCase();
}
