// 机构管理: the account-opening and company-authentication reviews of the exchange.
export { CompanyListPage } from './company-list-page.tsx';
