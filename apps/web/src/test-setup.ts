import accountStrings from '@/locales/en.account.json';
import { addEnglish } from '@/lib/i18n.ts';
import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default; with every test file rendering in jsdom
// at once on a two-core runner, a first render can take longer than that without anything
// being wrong. Three seconds keeps a real failure quick to see and a slow machine green.
configure({ asyncUtilTimeout: 3_000 });

// The sign-in, email, password and account pages' English ships beside those pages (routes.tsx);
// components of theirs are rendered alone in many tests, so every test has it, as a visit would.
addEnglish(accountStrings);
