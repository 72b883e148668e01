// Values the e2e server is started with and the specs sign in with.
export const E2E_CAPTCHA = '2468';
export const E2E_OTP = '123456';
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@2026';
