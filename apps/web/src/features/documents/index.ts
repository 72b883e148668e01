export { DocumentListPage } from './document-list-page.tsx';
export { DocumentFormPage } from './document-form-page.tsx';
export { DocumentShowPage } from './document-show-page.tsx';
