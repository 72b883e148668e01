// The task centre (issue 6): 待办任务, 已办任务, 我发起的, and the assessment institutions' 我的待办 and 我的已办.
export { DonePage, DoneEstimatePage, LaunchPage, TodoEstimatePage, TodoPage } from './task-pages.tsx';
export { TaskCenterPage } from './task-center-page.tsx';
