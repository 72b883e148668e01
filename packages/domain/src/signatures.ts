// The e-signature enrolment as the /signature page and GET /api/signature/info see it (spec 000 section 2): the
// company and operator, the gates, and the certificates the built-in CA issued.

export type SignatureCredential = {
  id: number;
  kind: 'company' | 'operator';
  subject: string;
  serialNumber: string;
  /** the issuing authority's name */
  issuer: string;
  /** ISO 8601 */
  notBefore: string;
  notAfter: string;
};

export type SignatureInfo = {
  company: { name: string; creditCode: string | null };
  operator: { realName: string | null; mobileMasked: string };
  mainOperatorAuth: boolean;
  authStatus: number;
  companyAuthStatus: number;
  /** the company's live credential, then the caller's own */
  credentials: SignatureCredential[];
};
