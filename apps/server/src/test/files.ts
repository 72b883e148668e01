// Small real files of every upload type, hostile look-alikes, and multipart bodies to send them, for the
// attachment tests. Nothing is read from disk: every file is built here, byte by byte where no library helps.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import yazl from 'yazl';

/** A one-page PDF: header, catalog, page tree, page, trailer. */
export function makePdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n' +
      '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
      '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
      '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]>> endobj\n' +
      'trailer <</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1x1 opaque white PNG with correct CRCs. */
export function makePng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const scanline = Buffer.from([0, 255, 255, 255]); // filter byte, then RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An 8x8 mid-grey baseline JPEG: JFIF header, a quantisation table of ones, one grey component, one-symbol
 * Huffman tables (DC category 0 and AC end-of-block, each coded '0'), and one byte of scan data ('00' padded
 * with ones).
 */
export function makeJpeg(): Buffer {
  const oneSymbolTable = (tableClass: number): number[] => [
    0xff,
    0xc4,
    0x00,
    0x14,
    tableClass,
    0x01,
    ...Array<number>(15).fill(0),
    0x00,
  ];
  // prettier-ignore
  return Buffer.from([
    0xff, 0xd8,
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    0xff, 0xdb, 0x00, 0x43, 0x00, ...Array<number>(64).fill(1),
    0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00,
    ...oneSymbolTable(0x00),
    ...oneSymbolTable(0x10),
    0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00,
    0x3f,
    0xff, 0xd9,
  ]);
}

export async function makeZip(
  entries: Record<string, Buffer | string>,
  options: { isCompressed?: boolean } = {},
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), name, {
      compress: options.isCompressed ?? true,
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const RELS =
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="%s"/>' +
  '</Relationships>';

function contentTypes(partName: string, mainType: string): string {
  return (
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="${partName}" ContentType="${mainType}"/></Types>`
  );
}

/** A Word document with the parts Word itself needs: content types, package relationships, the body. */
export function makeDocx(): Promise<Buffer> {
  return makeZip({
    '[Content_Types].xml': contentTypes(
      '/word/document.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    ),
    '_rels/.rels': RELS.replace('%s', 'word/document.xml'),
    'word/document.xml':
      `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">` +
      '<w:body><w:p><w:r><w:t>转让公告</w:t></w:r></w:p></w:body></w:document>',
  });
}

export function makeXlsx(): Promise<Buffer> {
  return makeZip({
    '[Content_Types].xml': contentTypes(
      '/xl/workbook.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    ),
    '_rels/.rels': RELS.replace('%s', 'xl/workbook.xml'),
    'xl/workbook.xml':
      `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
      '<sheets><sheet name="Sheet1" sheetId="1"/></sheets></workbook>',
    'xl/worksheets/sheet1.xml': `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>`,
  });
}

/** The 512-byte header block of an OLE2 compound file (what .doc and .xls are). */
export function makeOle2(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian byte order mark
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  return header;
}

/** A RAR 5 signature followed by a few bytes. */
export function makeRar(): Buffer {
  return Buffer.concat([Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]), Buffer.alloc(24, 1)]);
}

/** A Windows executable's DOS header. */
export function makeExe(): Buffer {
  const exe = Buffer.alloc(128);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x40, 0x3c);
  exe.write('PE\0\0', 0x40, 'latin1');
  return exe;
}

/**
 * A zip written by hand whose one entry declares `uncompressedSize` while holding a few deflated bytes: what a
 * zip bomb's directory looks like.
 */
export function makeDeclaredZip(uncompressedSize: number): Buffer {
  const name = Buffer.from('bomb.txt', 'latin1');
  const data = deflateRawSync(Buffer.alloc(1024));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(0, 14); // crc (never checked: nothing is inflated)
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(uncompressedSize, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(uncompressedSize, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42); // local header offset
  const centralStart = local.length + name.length + data.length;
  const centralSize = central.length + name.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(centralStart, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

export type FormFile = { name: string; content: Buffer | (() => Iterable<Buffer>) };

const BOUNDARY = '----cqjyTestBoundary7MA4YWxkTrZu0gW';

function fieldPart(name: string, value: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    'utf8',
  );
}

/**
 * A multipart/form-data request: the fields, then the file. A file given as a generator is streamed, so a
 * large one never sits in memory whole.
 */
export function buildMultipart(
  fields: Record<string, string>,
  file?: FormFile,
): { payload: Buffer | Readable; headers: Record<string, string> } {
  const head = Buffer.concat(Object.entries(fields).map(([name, value]) => fieldPart(name, value)));
  const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (file === undefined) {
    return { payload: Buffer.concat([head, Buffer.from(`--${BOUNDARY}--\r\n`)]), headers };
  }
  const fileHead = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const content = file.content;
  if (Buffer.isBuffer(content)) {
    return { payload: Buffer.concat([head, fileHead, content, tail]), headers };
  }
  function* stream(generate: () => Iterable<Buffer>): Iterable<Buffer> {
    yield head;
    yield fileHead;
    yield* generate();
    yield tail;
  }
  return { payload: Readable.from(stream(content)), headers };
}

/**
 * `size` bytes: `prefix`, then spaces, yielded in 1 MB chunks. After the first chunk the same unchanging buffer is
 * yielded again and again, so a 50 MB body costs 2 MB of memory.
 */
export function generateBytes(size: number, prefix: Buffer): () => Iterable<Buffer> {
  const CHUNK = 1024 * 1024;
  return function* () {
    const first = Buffer.alloc(Math.min(size, CHUNK), 0x20);
    prefix.copy(first);
    yield first;
    const rest = Buffer.alloc(CHUNK, 0x20);
    for (let left = size - first.length; left > 0; left -= CHUNK) {
      yield left >= CHUNK ? rest : rest.subarray(0, left);
    }
  };
}

/** Every file below `dir`, temp files included, as paths relative to it. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The text of a PDF as pdftotext (poppler-utils) reads it, without the white space line breaks put in. */
export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'cqjy-pdf-text-'));
  try {
    const path = join(dir, 'file.pdf');
    writeFileSync(path, bytes);
    const result = spawnSync('/usr/bin/pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pdftotext failed: ${result.stderr}`);
    return result.stdout.replace(/\s+/g, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
