export { EmailVerificationPage as default } from './email-pages.tsx';
