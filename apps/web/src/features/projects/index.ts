// The project pages (issue 7 first slice): 我的项目 / 项目管理, the bulk project form (新增项目, 编辑项目) and the
// generic project view's hand-over to the bulk project view.
export { ProjectListPage } from './project-list-page.tsx';
export { ShowProjectRedirect } from './show-project-redirect.tsx';
export { ProjectFormPage } from './project-form-page.tsx';
