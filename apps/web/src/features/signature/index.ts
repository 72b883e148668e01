// Pages of e-signature enrolment (gate 7).
export { SignaturePage } from './signature-page.tsx';
