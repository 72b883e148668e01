// Signs a PDF with a visible seal: the seal image is drawn over the signature widget, a signature placeholder is
// added (pdf-lib, saved without object streams as @signpdf needs), and the CMS signature is made with the
// signer's certificate and key (node-forge). Any PDF reader, and poppler's pdfsig,
// verify the result; changing one byte breaks it.
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import type { SealRect } from './flow.ts';

export type PdfSigner = {
  certificatePem: string;
  privateKeyPem: string;
  /** the issuing chain above the certificate, nearest first */
  chainPems: string[];
};

export type SignInput = {
  pdf: Uint8Array;
  signer: PdfSigner;
  /** drawn over the widget; absent: an invisible signature */
  sealPng?: Uint8Array;
  pageIndex: number;
  rect: SealRect;
  reason: string;
  /** the signer's name as readers show it */
  name: string;
  location: string;
  signingTime: Date;
};

const UTF8_STRING = 12;
const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
} as const;

/**
 * A @signpdf signer over PEM key and certificates: a detached CMS SignedData (SHA-256, with the content type,
 * signing time and message digest as signed attributes) carrying the whole chain.
 *
 * The signer is named by issuer and serial number explicitly: node-forge re-encodes a parsed certificate's issuer
 * from strings that still hold raw UTF-8 bytes and would encode them twice, so a Chinese issuer name would no longer
 * match the certificate and verifiers could not find the signer. Decoding the values first makes forge's encoding
 * reproduce the original bytes.
 */
class PemSigner extends Signer {
  private readonly signer: PdfSigner;

  constructor(signer: PdfSigner) {
    super();
    this.signer = signer;
  }

  override async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const key = forge.pki.privateKeyFromPem(this.signer.privateKeyPem);
    const certificate = forge.pki.certificateFromPem(this.signer.certificatePem);
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    p7.addCertificate(certificate);
    for (const pem of this.signer.chainPems) p7.addCertificate(forge.pki.certificateFromPem(pem));
    const issuer = certificate.issuer.attributes.map((attribute) =>
      (attribute.valueTagClass as number) === UTF8_STRING && typeof attribute.value === 'string'
        ? { ...attribute, value: forge.util.decodeUtf8(attribute.value) }
        : attribute,
    );
    p7.addSigner({
      key,
      // forge reads only the issuer and the serial number of the certificate given here.
      certificate: { ...certificate, issuer: { ...certificate.issuer, attributes: issuer } },
      digestAlgorithm: OID.sha256,
      authenticatedAttributes: [
        { type: OID.contentType, value: OID.data },
        // forge's typings say string; it takes (and encodes) a Date as UTCTime.
        { type: OID.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: OID.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Promise.resolve(Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary'));
  }
}

/**
 * `text` as the bytes of a PDF text string (UTF-16BE after its byte order mark), one character per byte, escaped
 * for a literal string. The placeholder writes the strings it is given byte for byte (PDFString.of): Chinese text
 * passed as it is would keep one byte of each character, and readers would show the reason and signer garbled.
 */
export function pdfTextBytes(text: string): string {
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  const bytes = Buffer.concat([Buffer.from([0xfe, 0xff]), utf16]).toString('latin1');
  // a parenthesis or backslash byte would end or escape the literal string; a line-end byte would be normalised
  const escapes: Record<string, string> = { '(': '\\(', ')': '\\)', '\\': '\\\\', '\r': '\\r', '\n': '\\n' };
  return bytes.replace(/[()\\\r\n]/g, (char) => escapes[char] ?? char);
}

export async function signPdf(input: SignInput): Promise<Buffer> {
  const doc = await PDFDocument.load(input.pdf);
  const page = doc.getPage(input.pageIndex);
  const [x1, y1, x2, y2] = input.rect;
  if (input.sealPng !== undefined) {
    const image = await doc.embedPng(input.sealPng);
    page.drawImage(image, { x: x1, y: y1, width: x2 - x1, height: y2 - y1 });
  }
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: page,
    reason: pdfTextBytes(input.reason),
    contactInfo: '',
    name: pdfTextBytes(input.name),
    location: pdfTextBytes(input.location),
    signingTime: input.signingTime,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    widgetRect: [x1, y1, x2, y2],
    appName: '产权交易机构服务中台',
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new PemSigner(input.signer), input.signingTime);
}
