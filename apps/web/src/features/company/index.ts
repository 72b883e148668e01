export { CompanyPage } from './company-page.tsx';
