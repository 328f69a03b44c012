import { configure } from '@testing-library/react';

// findBy* and waitFor give up after 1 s by default; with every test file rendering in jsdom
// at once on a two-core runner, a first render can take longer than that without anything
// being wrong. Three seconds keeps a real failure quick to see and a slow machine green.
configure({ asyncUtilTimeout: 3_000 });
