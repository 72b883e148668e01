// The account pages (账号管理): the company's operators, 新增账号 and 编辑账号, 查看账号, 变更主操作员.
export { AccountListPage } from './account-list-page.tsx';
export { AccountFormPage } from './account-form-page.tsx';
export { AccountShowPage } from './account-show-page.tsx';
export { AccountChangePage } from './account-change-page.tsx';
