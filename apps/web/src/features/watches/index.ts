// 我的关注: the signed-in user's watched listings and saved searches of the public disclosure site.
export { WatchesPage } from './watches-page.tsx';
