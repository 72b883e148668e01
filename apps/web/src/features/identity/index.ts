// Pages of real-name, company and face authentication (gates 2 to 5), and the advanced-authentication prompt the
// /index layout shows (SH-8.11).
export { AuthPage } from './auth-page.tsx';
export { ScanCodePage } from './scan-code-page.tsx';
export { ScanCodeWinPage } from './scan-code-win-page.tsx';
export { FaceConfirmPage } from './face-confirm-page.tsx';
export { PerfectInformationPage } from './perfect-information-page.tsx';
