export { EmailConfirmationPage as default } from './email-pages.tsx';
