// The project pages: 我的项目 / 项目管理, the project form of every kind (新增项目, 编辑项目), the project view of every
// family ({family}ShowProject) and the generic view's hand-over to it, and the workflow step page with the
// project's full facts.
export { ProjectListPage } from './project-list-page.tsx';
export { ShowProjectRedirect } from './show-project-redirect.tsx';
export { ProjectFormPage } from './project-form-page.tsx';
export { ProjectViewPage } from './project-view-page.tsx';
export { ProjectStepPage } from './project-step-page.tsx';
export { EvaluationListPage } from './evaluation-list-page.tsx';
export { projectEditPath, projectShowPath } from './project-list-page.tsx';
// the sheet columns and the import preview, which the company's registries share with the project sheets
export { cutText, isNumberColumn, sheetColumnWidth } from './sheet-columns.tsx';
export { SheetImportPreviewView, previewSummary } from './sheet-import-preview.tsx';
