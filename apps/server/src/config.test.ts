import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.ts';

describe('config', () => {
  it('has the documented defaults, with paths resolved against the repository root', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      sessionTtlS: 7200,
      demoPassword: 'Demo@2026',
      logLevel: 'info',
      loginMaxFailures: 5,
      loginLockMinutes: 30,
      databaseUrl: undefined,
      captchaFixed: undefined,
      otpFixed: undefined,
      otpRateMax: 10,
      otpResendS: 60,
    });
    expect(config.dataDir).toBe(join(REPO_ROOT, 'data'));
    expect(config.storageDir).toBe(join(REPO_ROOT, 'data', 'files'));
    expect(config.webDist).toBe(join(REPO_ROOT, 'apps', 'web', 'dist'));
    expect(REPO_ROOT).toBe(join(import.meta.dirname, '..', '..', '..'));
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads and converts the variables', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/var/lib/cqjy',
      SESSION_TTL_S: '60',
      CAPTCHA_FIXED: '1234',
      DATABASE_URL: 'postgres://db/cqjy',
      TRUST_PROXY: 'true',
    });
    expect(config.port).toBe(9000);
    expect(config.dataDir).toBe('/var/lib/cqjy');
    expect(config.storageDir).toBe('/var/lib/cqjy/files');
    expect(config.sessionTtlS).toBe(60);
    expect(config.captchaFixed).toBe('1234');
    expect(config.databaseUrl).toBe('postgres://db/cqjy');
    expect(config.isBehindProxy).toBe(true);
  });

  it('refuses CAPTCHA_FIXED and OTP_FIXED in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_FIXED: '1234' })).toThrow(/CAPTCHA_FIXED/);
    expect(() => loadConfig({ NODE_ENV: 'production', OTP_FIXED: '123456' })).toThrow(/OTP_FIXED/);
    expect(loadConfig({ NODE_ENV: 'production' }).isProduction).toBe(true);
  });

  it('shortens the wait between codes only outside production', () => {
    expect(loadConfig({ OTP_RESEND_S: '1' }).otpResendS).toBe(1);
    expect(() => loadConfig({ NODE_ENV: 'production', OTP_RESEND_S: '10' })).toThrow(/OTP_RESEND_S/);
    expect(loadConfig({ NODE_ENV: 'production', OTP_RESEND_S: '90' }).otpResendS).toBe(90);
  });

  it('accepts only a six-digit OTP_FIXED', () => {
    expect(loadConfig({ OTP_FIXED: '123456', OTP_RATE_MAX: '3' })).toMatchObject({
      otpFixed: '123456',
      otpRateMax: 3,
    });
    expect(() => loadConfig({ OTP_FIXED: '1234' })).toThrow(/OTP_FIXED/);
    expect(() => loadConfig({ OTP_FIXED: 'abcdef' })).toThrow(/OTP_FIXED/);
  });

  it('connects the trading system only with an http(s) OTC_URL', () => {
    expect(loadConfig({}).otc).toBeUndefined();
    expect(loadConfig({ OTC_URL: 'https://otc.example.cn/base/', OTC_TOKEN: 's3cret' }).otc).toEqual({
      url: 'https://otc.example.cn/base',
      token: 's3cret',
    });
    expect(() => loadConfig({ OTC_URL: 'otc.example.cn' })).toThrow(/OTC_URL/);
    expect(() => loadConfig({ OTC_URL: 'ftp://otc.example.cn' })).toThrow(/OTC_URL/);
  });

  it('refuses malformed values', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
