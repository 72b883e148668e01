// The plan pages: 我的计划 / 计划管理, 新增计划 and 编辑计划, 查看计划 (with 转为项目).
export { PlanListPage } from './plan-list-page.tsx';
export { PlanFormPage } from './plan-form-page.tsx';
export { PlanShowPage } from './plan-show-page.tsx';
