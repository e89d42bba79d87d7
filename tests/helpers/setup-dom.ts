import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default: on a loaded two-core machine react-admin's screens sometimes take longer
// to render (the plan tab's tests failed that way under load). A passing test waits no longer than before.
configure({ asyncUtilTimeout: 5_000 });
