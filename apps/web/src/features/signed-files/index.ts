// 电签文件 (/index/signature): the company's e-signed PDFs with their verdicts.
export { SignedFileListPage } from './signed-file-list-page.tsx';
