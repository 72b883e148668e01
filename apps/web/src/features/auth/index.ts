export { LoginPage } from './login-page.tsx';
