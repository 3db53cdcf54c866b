import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Route chunks are transformed on first import; on a busy machine that takes more than a second, and
// beside CI's other two suites on a slow VM more than five. A waitFor that passes returns at once.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
