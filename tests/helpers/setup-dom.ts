import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default: on a loaded two-core machine react-admin's screens sometimes take longer
// to render. A longer limit costs a passing test nothing: it waits only until its element appears.
configure({ asyncUtilTimeout: 5_000 });
