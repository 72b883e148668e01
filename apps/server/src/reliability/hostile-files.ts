// The corpus of the hostile-upload row: about forty files and request bodies an attacker would try against
// POST /api/attachment/upload (polyglots, active content, zip bombs, names that walk out of a directory, wrong
// magic, broken multipart bodies, empty and oversized files), and one minimal valid file of every allowed type.
// Everything is built here in memory; nothing is read from disk. The file makers of test/files.ts are reused.
import type { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import { FILE_NAME_MAX, MSG, UPLOAD_MAX_MB, UPLOAD_TYPES, formatMessage } from '@cqjy/domain';
import {
  buildMultipart,
  generateBytes,
  makeDeclaredZip,
  makeDocx,
  makeExe,
  makeJpeg,
  makeOle2,
  makePdf,
  makePng,
  makeRar,
  makeXlsx,
  makeZip,
  type FormFile,
} from '../test/files.ts';

const MB = 1024 * 1024;

/** Every hostile name carries this marker, so a file that escaped the storage root can be searched for. */
export const HOSTILE_MARKER = 'cqjyhostile';

export type HostileFamily =
  'polyglot' | 'active content' | 'zip bomb' | 'path and name' | 'wrong magic' | 'multipart' | 'size';

/** A request body as the test sends it. */
export type MultipartBody = { payload: Buffer | Readable; headers: Record<string, string> };

export type HostileCase = {
  label: string;
  family: HostileFamily;
  body: () => MultipartBody | Promise<MultipartBody>;
  /** the refusal expected word for word, when the case has one; otherwise any Chinese message */
  message?: string;
};

export type AllowedCase = { name: string; content: Buffer; contentType: string };

const TYPES_MESSAGE = formatMessage(MSG.uploadTypeNotAllowed, { types: UPLOAD_TYPES.join('、') });

const FIELDS = { command: 'upload', tag: 'others' };

function file(name: string, content: Buffer | (() => Iterable<Buffer>)): () => MultipartBody {
  return () => buildMultipart(FIELDS, { name, content } satisfies FormFile);
}

const SCRIPT = Buffer.from('<html><body><script>fetch("/api/app/userinfo")</script></body></html>', 'latin1');

/** A JPEG with a comment segment (COM) holding HTML and script: a valid image that is also a page. */
function jpegWithComment(comment: Buffer): Buffer {
  const jpeg = makeJpeg();
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, jpeg.subarray(2)]);
}

/** A PNG with a tEXt chunk after the header: tEXt keyword NUL text. */
function pngWithText(text: Buffer): Buffer {
  const png = makePng();
  // signature (8) + IHDR (4 + 4 + 13 + 4)
  const at = 8 + 25;
  const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), text]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // The CRC is left zero: decoders that check it skip the chunk, browsers still show the image.
  const chunk = Buffer.concat([length, Buffer.from('tEXt', 'latin1'), data, Buffer.alloc(4)]);
  return Buffer.concat([png.subarray(0, at), chunk, png.subarray(at)]);
}

/** A one-page PDF whose catalog opens an action: the action dictionary is given as written in the file. */
function pdfWithAction(action: string): Buffer {
  return Buffer.from(
    '%PDF-1.4\n' +
      '1 0 obj <</Type /Catalog /Pages 2 0 R /OpenAction 4 0 R>> endobj\n' +
      '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
      '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]>> endobj\n' +
      `4 0 obj ${action} endobj\n` +
      'trailer <</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}

const SVG_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)">' +
    '<script>fetch("/api/app/userinfo")</script></svg>\n',
  'utf8',
);

/** An ELF executable's header. */
function makeElf(): Buffer {
  const elf = Buffer.alloc(64);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(elf);
  elf.writeUInt16LE(2, 16); // executable
  elf.writeUInt16LE(0x3e, 18); // x86-64
  return elf;
}

/**
 * A zip whose central directory lists `count` entries that all point at the same few deflated bytes, each declaring
 * `declared` bytes unpacked: the overlapping-entry bomb, which unpacks to count x declared from a few hundred bytes.
 */
function makeOverlappingZip(count: number, declared: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(4096));
  const local = Buffer.alloc(30);
  const name = Buffer.from('word/document.xml', 'latin1');
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const centrals: Buffer[] = [];
  for (let i = 0; i < count; i += 1) {
    const entryName = Buffer.from(`word/part${i}.xml`, 'latin1');
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length * 50, 20); // a ratio under 200 each: only the total gives it away
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(entryName.length, 28);
    central.writeUInt32LE(0, 42);
    centrals.push(central, entryName);
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, directory, end]);
}

const BOUNDARY = '----cqjyHostileBoundary5Tq9';

/** A multipart body written by hand from raw parts, for what buildMultipart cannot say. */
function rawMultipart(
  parts: readonly (Buffer | string)[],
  options: { isClosed?: boolean } = {},
): MultipartBody {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n`, 'latin1'));
    chunks.push(Buffer.isBuffer(part) ? part : Buffer.from(part, 'utf8'));
    chunks.push(Buffer.from('\r\n', 'latin1'));
  }
  if (options.isClosed !== false) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`, 'latin1'));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

const fieldParts = Object.entries(FIELDS).map(
  ([name, value]) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
);

function filePart(disposition: string, content: Buffer, headersBefore = ''): Buffer {
  return Buffer.concat([
    Buffer.from(`${headersBefore}Content-Disposition: form-data; ${disposition}\r\n`, 'utf8'),
    Buffer.from('Content-Type: application/pdf\r\n\r\n', 'latin1'),
    content,
  ]);
}

/** The hostile corpus: every case must be refused with a Chinese message, and nothing stored. */
export async function buildHostileCorpus(): Promise<HostileCase[]> {
  const pdf = makePdf();
  const docx = await makeDocx();
  const m = HOSTILE_MARKER;
  const bombDocx = await makeZip({
    '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
    'word/document.xml': Buffer.alloc(8 * MB),
  });
  const manyEntries = await makeZip(
    Object.fromEntries(Array.from({ length: 10_001 }, (_, i) => [`xl/worksheets/s${i}.xml`, ''])),
    { isCompressed: false },
  );
  const zipSlip = await makeZip({ 'readme.txt': '说明' }).then((zip) =>
    // yazl refuses '..' in names, so the name is patched in afterwards (same length, both headers).
    Buffer.from(zip.toString('latin1').replaceAll('readme.txt', '../../a.sh'), 'latin1'),
  );
  const absoluteEntry = await makeZip({ 'etc-cron.d': 'x' }).then((zip) =>
    Buffer.from(zip.toString('latin1').replaceAll('etc-cron.d', '/etc/crond'), 'latin1'),
  );

  const cases: HostileCase[] = [
    // polyglots: a valid header of an allowed type, then a page or a script
    {
      label: 'GIF header followed by HTML and script, named .jpg',
      family: 'polyglot',
      body: file(
        `${m}-gifar.jpg`,
        Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), SCRIPT]),
      ),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'GIF header followed by HTML, named .gif',
      family: 'polyglot',
      body: file(`${m}-poly.gif`, Buffer.concat([Buffer.from('GIF89a', 'latin1'), SCRIPT])),
      message: TYPES_MESSAGE,
    },
    {
      label: 'JPEG whose comment segment holds HTML and script',
      family: 'polyglot',
      body: file(`${m}-comment.jpg`, jpegWithComment(SCRIPT)),
      message: MSG.uploadActiveContent,
    },
    {
      label: 'JPEG header followed by HTML and script (no image data)',
      family: 'polyglot',
      body: file(`${m}-head.jpeg`, Buffer.concat([makeJpeg().subarray(0, 20), SCRIPT])),
      message: MSG.uploadActiveContent,
    },
    {
      label: 'valid JPEG with a page appended after its end marker',
      family: 'polyglot',
      body: file(`${m}-tail.jpg`, Buffer.concat([makeJpeg(), SCRIPT])),
      message: MSG.uploadActiveContent,
    },
    {
      label: 'PNG whose text chunk holds HTML and script',
      family: 'polyglot',
      body: file(`${m}-text.png`, pngWithText(SCRIPT)),
      message: MSG.uploadActiveContent,
    },
    {
      label: 'PDF header followed by an HTML page',
      family: 'polyglot',
      body: file(`${m}-page.pdf`, Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), SCRIPT])),
      message: MSG.uploadActiveContent,
    },
    // active content in an allowed type
    {
      label: 'PDF opening a JavaScript action',
      family: 'active content',
      body: file(`${m}-js.pdf`, pdfWithAction("<</S /JavaScript /JS (app.alert\\('x'\\))>>")),
      message: MSG.uploadActiveContent,
    },
    {
      label: 'PDF with the JavaScript names hex-escaped (/J#61vaScript, /#4A#53)',
      family: 'active content',
      body: file(`${m}-jsesc.pdf`, pdfWithAction("<</S /J#61vaScript /#4A#53 (app.alert\\('x'\\))>>")),
      message: MSG.uploadActiveContent,
    },
    {
      label: 'PDF launching a program',
      family: 'active content',
      body: file(`${m}-launch.pdf`, pdfWithAction('<</S /Launch /F (cmd.exe) /Win <</F (cmd.exe)>>>>')),
      message: MSG.uploadActiveContent,
    },
    {
      label: 'SVG with script, named .svg',
      family: 'active content',
      body: file(`${m}-image.svg`, SVG_SCRIPT),
      message: TYPES_MESSAGE,
    },
    {
      label: 'SVG with script, named .png',
      family: 'active content',
      body: file(`${m}-image.png`, SVG_SCRIPT),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'SVG with script, named .txt',
      family: 'active content',
      body: file(`${m}-image.txt`, SVG_SCRIPT),
      message: MSG.uploadActiveContent,
    },
    {
      label: 'HTML page with script, named .txt',
      family: 'active content',
      body: file(`${m}-page.txt`, Buffer.from(`<!DOCTYPE html>\n${SCRIPT.toString('latin1')}\n`, 'latin1')),
      message: MSG.uploadActiveContent,
    },
    // zip bombs, as archives and as Office documents
    {
      label: 'docx whose document.xml unpacks 8 MB of zeros (ratio > 200)',
      family: 'zip bomb',
      body: file(`${m}-bomb.docx`, bombDocx),
      message: MSG.uploadArchiveAbnormal,
    },
    {
      label: 'xlsx declaring a 4 GB entry',
      family: 'zip bomb',
      body: file(`${m}-bomb.xlsx`, makeDeclaredZip(0xfffffff0)),
      message: MSG.uploadArchiveAbnormal,
    },
    {
      label: 'zip of overlapping entries unpacking to 600 MB',
      family: 'zip bomb',
      body: file(`${m}-overlap.zip`, makeOverlappingZip(12, 50 * MB)),
      message: MSG.uploadArchiveAbnormal,
    },
    {
      label: 'xlsx of 10,001 entries',
      family: 'zip bomb',
      body: file(`${m}-entries.xlsx`, manyEntries),
      message: MSG.uploadArchiveAbnormal,
    },
    {
      label: 'zip with an entry walking out of its folder (../../a.sh)',
      family: 'zip bomb',
      body: file(`${m}-slip.zip`, zipSlip),
      message: MSG.uploadArchiveAbnormal,
    },
    {
      label: 'zip with an absolute entry name (/etc/crond)',
      family: 'zip bomb',
      body: file(`${m}-absolute.zip`, absoluteEntry),
      message: MSG.uploadArchiveAbnormal,
    },
    // names: a valid PDF each time, so only the name can refuse it
    {
      label: 'path traversal ../../etc/passwd.pdf',
      family: 'path and name',
      body: file(`../../etc/${m}-passwd.pdf`, pdf),
      message: MSG.fileNameIllegal,
    },
    {
      label: 'absolute path /etc/passwd.pdf',
      family: 'path and name',
      body: file(`/etc/${m}-passwd.pdf`, pdf),
      message: MSG.fileNameIllegal,
    },
    {
      label: 'Windows path with backslashes ..\\..\\evil.pdf',
      family: 'path and name',
      body: file(`..\\..\\${m}-evil.pdf`, pdf),
      message: MSG.fileNameIllegal,
    },
    {
      label: 'drive-letter path C:\\Windows\\evil.pdf',
      family: 'path and name',
      body: file(`C:\\Windows\\${m}-evil.pdf`, pdf),
      message: MSG.fileNameIllegal,
    },
    {
      label: 'UNC path \\\\server\\share\\evil.pdf',
      family: 'path and name',
      body: file(`\\\\server\\share\\${m}-evil.pdf`, pdf),
      message: MSG.fileNameIllegal,
    },
    {
      label: 'percent-encoded traversal ..%2F..%2Fevil.pdf',
      family: 'path and name',
      body: file(`..%2F..%2F${m}-evil.pdf`, pdf),
      message: MSG.fileNameIllegal,
    },
    {
      label: 'traversal in the RFC 5987 filename* parameter',
      family: 'path and name',
      body: () =>
        rawMultipart([...fieldParts, filePart(`name="file"; filename*=UTF-8''..%2F..%2F${m}-star.pdf`, pdf)]),
      message: MSG.fileNameIllegal,
    },
    {
      label: 'NUL byte in the name (合同\\0.exe.pdf)',
      family: 'path and name',
      body: file(`${m}合同\0.exe.pdf`, pdf),
      message: MSG.fileNameIllegal,
    },
    {
      label: 'RTL override hiding .exe (报告\\u202Efdp.exe)',
      family: 'path and name',
      body: file(`${m}报告\u202Efdp.exe`, makeExe()),
      message: TYPES_MESSAGE,
    },
    {
      label: 'RTL override inside a PDF name',
      family: 'path and name',
      body: file(`${m}\u202Egnp.pdf`, pdf),
      message: MSG.fileNameIllegal,
    },
    {
      label: 'a 10,000-character name',
      family: 'path and name',
      body: file(`${m}${'长'.repeat(10_000)}.pdf`, pdf),
      message: formatMessage(MSG.fileNameTooLong, { max: FILE_NAME_MAX }),
    },
    {
      label: 'double extension 合同.pdf.exe',
      family: 'path and name',
      body: file(`${m}合同.pdf.exe`, makeExe()),
      message: TYPES_MESSAGE,
    },
    {
      label: 'double extension 照片.jpg.html',
      family: 'path and name',
      body: file(`${m}照片.jpg.html`, SCRIPT),
      message: TYPES_MESSAGE,
    },
    {
      label: 'double extension with a program inside: 报告.exe.pdf',
      family: 'path and name',
      body: file(`${m}报告.exe.pdf`, makeExe()),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'a trailing dot (合同.pdf.)',
      family: 'path and name',
      body: file(`${m}合同.pdf.`, pdf),
      message: TYPES_MESSAGE,
    },
    // wrong magic: the extension of an allowed type over other bytes
    {
      label: 'Windows executable renamed .pdf',
      family: 'wrong magic',
      body: file(`${m}-setup.pdf`, makeExe()),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'HTML renamed .jpg',
      family: 'wrong magic',
      body: file(`${m}-page.jpg`, SCRIPT),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'ELF executable renamed .doc',
      family: 'wrong magic',
      body: file(`${m}-elf.doc`, makeElf()),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'PHP script renamed .png',
      family: 'wrong magic',
      body: file(`${m}-shell.png`, Buffer.from('<?php system($_GET["c"]); ?>\n', 'latin1')),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'Word document (zip) renamed .doc',
      family: 'wrong magic',
      body: file(`${m}-word.doc`, docx),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'OLE2 document renamed .xlsx',
      family: 'wrong magic',
      body: file(`${m}-ole.xlsx`, makeOle2()),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'RAR renamed .zip',
      family: 'wrong magic',
      body: file(`${m}-archive.zip`, makeRar()),
      message: MSG.uploadContentMismatch,
    },
    {
      label: 'executable renamed .txt',
      family: 'wrong magic',
      body: file(`${m}-setup.txt`, makeExe()),
      message: MSG.uploadContentMismatch,
    },
    // broken multipart bodies
    {
      label: 'a part header of 100 KB (filename cut by the parser)',
      family: 'multipart',
      body: () =>
        rawMultipart([
          ...fieldParts,
          filePart(`name="file"; filename="${m}${'a'.repeat(100_000)}.pdf"`, pdf),
        ]),
    },
    {
      label: "500 header lines before the file part's Content-Disposition",
      family: 'multipart',
      body: () =>
        rawMultipart([
          ...fieldParts,
          filePart(
            `name="file"; filename="${m}-headers.pdf"`,
            pdf,
            Array.from({ length: 500 }, (_, i) => `X-Junk-${i}: ${'x'.repeat(40)}\r\n`).join(''),
          ),
        ]),
    },
    {
      label: 'a body cut before its closing boundary',
      family: 'multipart',
      body: () =>
        rawMultipart([...fieldParts, filePart(`name="file"; filename="${m}-cut.pdf"`, pdf)], {
          isClosed: false,
        }),
    },
    {
      label: '40 parts (more than the parser allows)',
      family: 'multipart',
      body: () =>
        rawMultipart([
          ...Array.from({ length: 40 }, (_, i) => `Content-Disposition: form-data; name="x${i}"\r\n\r\nv`),
          filePart(`name="file"; filename="${m}-parts.pdf"`, pdf),
        ]),
    },
    {
      label: 'a field longer than the parser allows',
      family: 'multipart',
      body: () =>
        rawMultipart([
          `Content-Disposition: form-data; name="tag"\r\n\r\n${'t'.repeat(4096)}`,
          filePart(`name="file"; filename="${m}-field.pdf"`, pdf),
        ]),
    },
    // sizes
    {
      label: 'an empty file',
      family: 'size',
      body: file(`${m}-empty.pdf`, Buffer.alloc(0)),
      message: MSG.uploadEmpty,
    },
    {
      label: `a file of ${UPLOAD_MAX_MB} MB + 1 byte`,
      family: 'size',
      body: file(`${m}-large.pdf`, generateBytes(UPLOAD_MAX_MB * MB + 1, Buffer.from('%PDF-1.4\n'))),
      message: formatMessage(MSG.uploadTooLarge, { max: UPLOAD_MAX_MB }),
    },
  ];
  return cases;
}

/** One minimal valid file of every allowed type, named in Chinese as users name them. */
export async function buildAllowedCorpus(): Promise<AllowedCase[]> {
  return [
    { name: '转让公告.pdf', content: makePdf(), contentType: 'application/pdf' },
    { name: '现场照片.png', content: makePng(), contentType: 'image/png' },
    { name: '现场照片.jpg', content: makeJpeg(), contentType: 'image/jpeg' },
    { name: '营业执照.jpeg', content: makeJpeg(), contentType: 'image/jpeg' },
    {
      name: '评估报告.docx',
      content: await makeDocx(),
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    {
      name: '资产清单.xlsx',
      content: await makeXlsx(),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
    {
      name: '资料汇总.zip',
      content: await makeZip({ '清单.txt': '附件清单' }),
      contentType: 'application/zip',
    },
    { name: '董事会决议.doc', content: makeOle2(), contentType: 'application/msword' },
    { name: '财务报表.xls', content: makeOle2(), contentType: 'application/vnd.ms-excel' },
    { name: '图纸.rar', content: makeRar(), contentType: 'application/vnd.rar' },
    {
      name: '说明.txt',
      content: Buffer.from('附件说明：共三份文件。\r\n', 'utf8'),
      contentType: 'text/plain; charset=utf-8',
    },
  ];
}

/** The multipart body of an allowed file. */
export function allowedBody(entry: AllowedCase): MultipartBody {
  return buildMultipart(FIELDS, { name: entry.name, content: entry.content });
}
