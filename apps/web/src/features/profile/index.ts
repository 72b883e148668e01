// Pages of the profile feature: password and username recovery before sign-in, and the personal centre.
export { RetrievePage } from './retrieve-page.tsx';
export { RetrieveUserNamePage } from './retrieve-username-page.tsx';
export { UserCenterPage } from './user-center-page.tsx';
