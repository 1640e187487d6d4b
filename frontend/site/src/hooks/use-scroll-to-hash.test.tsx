// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../lib/router';
import { afterEach, describe, expect, it } from 'vitest';
import { useScrollToHash } from './use-scroll-to-hash';

function Page() {
  useScrollToHash();
  return <p id="été">page</p>;
}

afterEach(cleanup);

describe('useScrollToHash', () => {
  it('survives a malformed percent-encoding in the hash instead of crashing the page', () => {
    for (const hash of ['#%FF', '#%E0%A4%A', '#%', '#%C3%A9t%C3%A9']) {
      render(
        <MemoryRouter initialEntries={[`/about${hash}`]}>
          <Page />
        </MemoryRouter>,
      );
      expect(screen.getByText('page')).toBeTruthy();
      cleanup();
    }
  });
});
