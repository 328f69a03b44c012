export { ResetPasswordPage as default } from './password-pages.tsx';
