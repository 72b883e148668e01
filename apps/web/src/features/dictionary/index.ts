export { DictionaryPage } from './dictionary-page.tsx';
