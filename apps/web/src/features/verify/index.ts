// 电签文件验证 (/verify, public) and the verdict view 电签文件 shares.
export { VerifyPage } from './verify-page.tsx';
export { SIGNATURE_STATE_COLORS, VerificationDetails } from './verification-details.tsx';
