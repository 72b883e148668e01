// The registries of the company's own records (企业客户, 自然人客户 ...): one kit of pages drawn from each
// registry's definition (@cqjy/domain/registries), mounted on every registry's five routes.
export { RegistryListPage } from './registry-list-page.tsx';
export { RegistryFormPage } from './registry-form-page.tsx';
export { RegistryShowPage } from './registry-show-page.tsx';
export { RegistryImportPage } from './registry-import-page.tsx';
