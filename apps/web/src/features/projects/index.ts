// The project pages: 我的项目 / 项目管理, the bulk project form (新增项目, 编辑项目), the generic project view's
// hand-over to the family's view, and the asset list that the form and the project view show.
export { ProjectListPage } from './project-list-page.tsx';
export { ShowProjectRedirect } from './show-project-redirect.tsx';
export { ProjectFormPage } from './project-form-page.tsx';
export { AssetList } from './asset-list.tsx';
export { ParticipantList } from './participant-list.tsx';
export { AnnouncementActions } from './announcement.tsx';
export { projectEditPath, projectShowPath } from './project-list-page.tsx';
