// Values the e2e server is started with and the specs sign in with.
export const E2E_CAPTCHA = '2468';
export const E2E_OTP = '123456';
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@2026';
/** The portal started with SESSION_TTL_S=2. */
export const SHORT_SESSION_PORT = Number(process.env.E2E_SHORT_SESSION_PORT ?? 8182);
/** The key the e2e server's bank notices are signed with (DEPOSIT_BANK_KEY). */
export const E2E_BANK_KEY = 'e2e-bank-notice-key-0123456789';
