// The only place that reads the environment. Everything else receives the frozen Config object, so tests can
// build any configuration without touching process.env.
import { isAbsolute, join, resolve } from 'node:path';
import { DEPOSIT_SETTLEMENT_PREFIX_DEFAULT, isOtpFormat, OTP_RESEND_S } from '@cqjy/domain';
import { z } from 'zod';

/** The repository root: relative paths in the environment are resolved against it, never against cwd. */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// An empty variable (`FOO=`) means "not set", as it does in most deployment tools.
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const integerWithDefault = (fallback: number, min: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? fallback : value),
    z.coerce.number().int().min(min),
  );
const booleanWithDefault = (fallback: boolean) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? fallback : value),
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]),
  );

const ZEnv = z.object({
  PORT: integerWithDefault(8080, 0),
  HOST: optionalText.transform((v) => v ?? '0.0.0.0'),
  DATA_DIR: optionalText.transform((v) => v ?? './data'),
  DATABASE_URL: optionalText,
  STORAGE_DIR: optionalText,
  NODE_ENV: z.preprocess(
    (value) => (value === '' || value === undefined ? 'development' : value),
    z.enum(['development', 'production', 'test']),
  ),
  CAPTCHA_FIXED: optionalText,
  OTP_FIXED: optionalText,
  SESSION_TTL_S: integerWithDefault(7200, 1),
  DEMO_PASSWORD: optionalText.transform((v) => v ?? 'Demo@2026'),
  ADMIN_PASSWORD: optionalText,
  LOG_LEVEL: z.preprocess(
    (value) => (value === '' || value === undefined ? 'info' : value),
    z.enum(LOG_LEVELS),
  ),
  WEB_DIST: optionalText,
  LOGIN_MAX_FAILURES: integerWithDefault(5, 1),
  LOGIN_LOCK_MINUTES: integerWithDefault(30, 1),
  LOGIN_RATE_MAX: integerWithDefault(20, 1),
  CAPTCHA_RATE_MAX: integerWithDefault(60, 1),
  OTP_RATE_MAX: integerWithDefault(10, 1),
  OTP_RESEND_S: integerWithDefault(OTP_RESEND_S, 1),
  TRUST_PROXY: booleanWithDefault(false),
  STORAGE: z.preprocess(
    (value) => (value === '' || value === undefined ? 'local' : value),
    z.enum(['local', 's3']),
  ),
  S3_ENDPOINT: optionalText,
  S3_BUCKET: optionalText,
  S3_REGION: optionalText.transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanWithDefault(false),
  PASSWORD_MAX_AGE_DAYS: integerWithDefault(0, 0),
  CA_DIR: optionalText,
  CA_CERT_FILE: optionalText,
  CA_KEY_FILE: optionalText,
  KEY_ENCRYPTION_SECRET: optionalText,
  PUBLIC_URL: optionalText,
  FACE_AUTH_TTL_S: integerWithDefault(600, 30),
  OTC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OTC_TOKEN: optionalText,
  SMS_HTTP_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SMS_HTTP_TOKEN: optionalText,
  DEPOSIT_BANK_KEY: optionalText.pipe(z.string().min(16).optional()),
  DEPOSIT_SETTLEMENT_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^\d{4,12}$/)
      .optional(),
  ),
  // a timer waits at most 2^31 - 1 ms
  PURGE_INTERVAL_S: integerWithDefault(3600, 0).pipe(z.number().max(2_147_483)),
});

/** Where attachment bytes live: the local directory (default) or an S3-compatible bucket. */
export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      /** absent for AWS itself; the URL of MinIO, Ceph, OSS ... otherwise */
      endpoint: string | undefined;
      bucket: string;
      region: string;
      /** absent: the SDK's default credential chain (instance role, shared config ...) */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export type Config = Readonly<{
  port: number;
  host: string;
  dataDir: string;
  /** when absent the embedded PGlite database in `${dataDir}/pg` is used */
  databaseUrl: string | undefined;
  /** attachment bytes (local driver) and the temp files of uploads in progress (both drivers) */
  storageDir: string;
  storage: StorageConfig;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  captchaFixed: string | undefined;
  otpFixed: string | undefined;
  sessionTtlS: number;
  demoPassword: string;
  adminPassword: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  webDist: string;
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** login attempts per IP per minute */
  loginRateMax: number;
  /** captcha images per IP per minute */
  captchaRateMax: number;
  /** SMS code sends per IP per minute, all sending calls together */
  otpRateMax: number;
  /** seconds between two codes to one mobile (OTP_RESEND_S of the domain unless set; never less in production) */
  otpResendS: number;
  /** honour X-Forwarded-For when the server runs behind a load balancer */
  isBehindProxy: boolean;
  /** days after which a password must be changed; 0 turns the rule off */
  passwordMaxAgeDays: number;
  /**
   * The built-in certificate authority: its directory (root key and certificate are created there at first
   * start), or a root supplied as two PEM files. keyEncryptionSecret protects the issued private keys at rest;
   * without it a random secret is created beside the root.
   */
  ca: {
    dir: string;
    certFile: string | undefined;
    keyFile: string | undefined;
    keyEncryptionSecret: string | undefined;
  };
  /** the address users reach the portal at, for links sent elsewhere (the face-authentication QR code); absent:
   *  derived from the request */
  publicUrl: string | undefined;
  /** how long a face-authentication QR code stays usable */
  faceAuthTtlS: number;
  /**
   * The exchange's trading system (交易系统), which projects are refreshed from (GET
   * /api/project/update/from/otc/{id}): its base URL and bearer token. Absent: the portal is not connected to one.
   */
  otc: { url: string; token: string | undefined } | undefined;
  /**
   * The HTTP SMS gateway messages are handed to (platform/sms.ts: POST {SMS_HTTP_URL}, bearer SMS_HTTP_TOKEN).
   * Absent: the log channel, which only notes each message in the server log (the text stays in the outbox).
   */
  smsHttp: { url: string; token: string | undefined } | undefined;
  /**
   * The bank's deposit link (modules/deposits): the key its arrival notices are signed with (HMAC-SHA256; absent:
   * every notice is refused, the statement import still works) and the settlement account's prefix each
   * registration's receiving account (虚拟子账户) starts with.
   */
  depositBank: { key: string | undefined; settlementPrefix: string };
  /** seconds between purges of ended sessions, spent captchas and unreferenced file bytes; 0 turns them off */
  purgeIntervalS: number;
}>;

function resolveFromRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
}

function readStorageConfig(e: z.infer<typeof ZEnv>): StorageConfig {
  if (e.STORAGE === 'local') return { driver: 'local' };
  if (e.S3_BUCKET === undefined) throw new Error('STORAGE=s3 时须设置 S3_BUCKET');
  // Half a key pair is a typo, not a wish for the default credential chain.
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new Error('S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置');
  }
  return {
    driver: 's3',
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID === undefined || e.S3_SECRET_ACCESS_KEY === undefined
        ? undefined
        : { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY },
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`环境变量配置有误：${describeIssues(parsed.error)}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  // Fixed codes make sign-in guessable; they exist for tests and demos only.
  if (isProduction && e.CAPTCHA_FIXED !== undefined) {
    throw new Error('生产环境不允许设置 CAPTCHA_FIXED');
  }
  if (isProduction && e.OTP_FIXED !== undefined) {
    throw new Error('生产环境不允许设置 OTP_FIXED');
  }
  // A shorter wait between codes lets tests sign several letters in a row; in production it would ease flooding.
  if (isProduction && e.OTP_RESEND_S < OTP_RESEND_S) {
    throw new Error(`生产环境的 OTP_RESEND_S 不得小于 ${OTP_RESEND_S}`);
  }
  // A fixed code nobody can type would make every code check fail without saying why.
  if (e.OTP_FIXED !== undefined && !isOtpFormat(e.OTP_FIXED)) {
    throw new Error('OTP_FIXED 须为 6 位数字');
  }
  const dataDir = resolveFromRoot(e.DATA_DIR);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    storageDir: e.STORAGE_DIR === undefined ? join(dataDir, 'files') : resolveFromRoot(e.STORAGE_DIR),
    storage: readStorageConfig(e),
    nodeEnv: e.NODE_ENV,
    isProduction,
    captchaFixed: e.CAPTCHA_FIXED,
    otpFixed: e.OTP_FIXED,
    sessionTtlS: e.SESSION_TTL_S,
    demoPassword: e.DEMO_PASSWORD,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDist: resolveFromRoot(e.WEB_DIST ?? 'apps/web/dist'),
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    loginRateMax: e.LOGIN_RATE_MAX,
    captchaRateMax: e.CAPTCHA_RATE_MAX,
    otpRateMax: e.OTP_RATE_MAX,
    otpResendS: e.OTP_RESEND_S,
    isBehindProxy: e.TRUST_PROXY,
    passwordMaxAgeDays: e.PASSWORD_MAX_AGE_DAYS,
    ca: {
      dir: e.CA_DIR === undefined ? join(dataDir, 'ca') : resolveFromRoot(e.CA_DIR),
      certFile: e.CA_CERT_FILE === undefined ? undefined : resolveFromRoot(e.CA_CERT_FILE),
      keyFile: e.CA_KEY_FILE === undefined ? undefined : resolveFromRoot(e.CA_KEY_FILE),
      keyEncryptionSecret: e.KEY_ENCRYPTION_SECRET,
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    faceAuthTtlS: e.FACE_AUTH_TTL_S,
    otc: e.OTC_URL === undefined ? undefined : { url: e.OTC_URL.replace(/\/+$/, ''), token: e.OTC_TOKEN },
    smsHttp: e.SMS_HTTP_URL === undefined ? undefined : { url: e.SMS_HTTP_URL, token: e.SMS_HTTP_TOKEN },
    depositBank: {
      key: e.DEPOSIT_BANK_KEY,
      settlementPrefix: e.DEPOSIT_SETTLEMENT_PREFIX ?? DEPOSIT_SETTLEMENT_PREFIX_DEFAULT,
    },
    purgeIntervalS: e.PURGE_INTERVAL_S,
  });
}
