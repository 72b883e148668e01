// HTTP calls against real server processes (the cluster of multi-node.ts, or a balancer in front of it): the
// sign-in dance over the network, JSON calls, uploads and downloads, each answer with the node that served it.
import { createHash, randomBytes } from 'node:crypto';
import {
  SESSION_ID_HEADER,
  type BulkProjectForm,
  type Envelope,
  type LoginResult,
  type UploadResult,
} from '@cqjy/domain';
import { buildMultipart, makePdf } from '../test/files.ts';

/** The captcha answer and the demo password every cluster runs with. */
export const CAPTCHA = 'k7Qm';
export const DEMO_PASSWORD = 'Demo@2026';

export type Answer<T = unknown> = {
  statusCode: number;
  headers: Headers;
  /** the envelope, when the answer was JSON */
  body: Envelope<T> | undefined;
};

export type CallOptions = {
  token?: string | undefined;
  json?: unknown;
  headers?: Record<string, string>;
  /** default 30 s */
  timeoutMs?: number;
};

function authorization(token: string | undefined): Record<string, string> {
  return token === undefined ? {} : { authorization: `Bearer ${token}` };
}

/** One call; the JSON body is read whole before answering. Network failures throw, as fetch does. */
export async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions = {},
): Promise<Answer<T>> {
  const hasJson = options.json !== undefined || method === 'POST';
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(hasJson ? { 'content-type': 'application/json' } : {}),
      ...authorization(options.token),
      ...options.headers,
    },
    ...(hasJson ? { body: JSON.stringify(options.json ?? {}) } : {}),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json') === true;
  return {
    statusCode: response.status,
    headers: response.headers,
    body: isJson && text !== '' ? (JSON.parse(text) as Envelope<T>) : undefined,
  };
}

export type SignInAnswers = { captcha: Response; login: Answer<LoginResult> };

/** GET /api/login/captcha (an anonymous session in the session-id header), then POST /api/login with it. */
export async function signIn(
  base: string,
  username: string,
  options: { password?: string; headers?: Record<string, string> } = {},
): Promise<SignInAnswers> {
  const captcha = await fetch(`${base}/api/login/captcha`, {
    headers: options.headers ?? {},
    signal: AbortSignal.timeout(30_000),
  });
  await captcha.arrayBuffer();
  const sessionId = captcha.headers.get(SESSION_ID_HEADER);
  if (captcha.status !== 200 || sessionId === null) {
    throw new Error(`captcha answered ${captcha.status} without a session`);
  }
  const login = await call<LoginResult>(base, 'POST', '/api/login', {
    token: sessionId,
    json: { username, password: options.password ?? DEMO_PASSWORD, captcha: CAPTCHA },
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  });
  return { captcha, login };
}

/** Signs in and answers the access token; anything but success throws with the answer. */
export async function signInToken(
  base: string,
  username: string,
  options: { password?: string; headers?: Record<string, string> } = {},
): Promise<string> {
  const { login } = await signIn(base, username, options);
  if (login.body?.status !== 0) {
    throw new Error(`sign-in of ${username} answered ${login.statusCode} ${JSON.stringify(login.body)}`);
  }
  return login.body.data.access_token;
}

/** POST /api/app/userinfo: the cheapest call that needs a live session. */
export function whoAmI(base: string, token: string): Promise<Answer<{ username: string }>> {
  return call(base, 'POST', '/api/app/userinfo', { token });
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A PDF of about `size` bytes: a real one-page PDF, then random hex text (unique content, its own storage key).
 * Hex, not raw bytes: raw random bytes outside a PDF's streams spell an action name (/JS) now and then, which the
 * upload check rightly refuses as active content.
 */
export function makeUniquePdf(size: number): Buffer {
  const head = makePdf();
  const fill = randomBytes(Math.ceil(Math.max(size - head.length, 16) / 2)).toString('hex');
  return Buffer.concat([head, Buffer.from(fill, 'latin1')]);
}

export type UploadInput = {
  bytes: Buffer;
  name: string;
  tag: string;
  dataClass?: string;
  dataId?: string;
};

/** POST /api/attachment/upload (multipart), as the upload widget sends it. */
export async function upload(
  base: string,
  token: string,
  input: UploadInput,
  timeoutMs = 120_000,
): Promise<Answer<UploadResult>> {
  const fields: Record<string, string> = { command: 'upload', tag: input.tag };
  if (input.dataClass !== undefined) fields.dataClass = input.dataClass;
  if (input.dataId !== undefined) fields.dataId = input.dataId;
  const { payload, headers } = buildMultipart(fields, { name: input.name, content: input.bytes });
  if (!Buffer.isBuffer(payload)) throw new Error('a buffered multipart body was expected');
  const response = await fetch(`${base}/api/attachment/upload`, {
    method: 'POST',
    headers: { ...headers, ...authorization(token) },
    body: payload,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  return {
    statusCode: response.status,
    headers: response.headers,
    body: text === '' ? undefined : (JSON.parse(text) as Envelope<UploadResult>),
  };
}

/** GET /api/attachment/download/{id}: the status and the bytes. */
export async function download(
  base: string,
  token: string,
  id: string,
): Promise<{ statusCode: number; bytes: Buffer }> {
  const response = await fetch(`${base}/api/attachment/download/${id}`, {
    headers: authorization(token),
    signal: AbortSignal.timeout(60_000),
  });
  return { statusCode: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A bulk (实物资产) project form the listing rules accept as it is: no approval file, the shortest period. */
export function bulkForm(name: string): BulkProjectForm {
  return {
    name,
    assetCategory: 'machinery',
    listingPrice: 120_000_00,
    appraisalPrice: 120_000_00,
    disclosureDays: 10,
    paymentMode: 'lump',
    contactName: '李四',
    contactMobile: '13800000001',
    description: '数控机床五台',
  };
}

/** POST /api/project/bulk: a draft of the caller's company. */
export function createDraft(
  base: string,
  token: string,
  name: string,
  timeoutMs?: number,
): Promise<Answer<{ id: number; version: number }>> {
  return call(base, 'POST', '/api/project/bulk', {
    token,
    json: { form: bulkForm(name) },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}
