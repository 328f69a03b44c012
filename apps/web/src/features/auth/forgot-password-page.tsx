export { ForgotPasswordPage as default } from './password-pages.tsx';
