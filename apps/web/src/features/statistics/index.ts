export { IncomePage } from './income-page.tsx';
export { QueryPage } from './query-page.tsx';
