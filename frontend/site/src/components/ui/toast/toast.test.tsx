// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts, toast, Toaster } from './index';

// The Radix toaster is loaded on first use (a dynamic import): on a loaded CI machine that can take seconds.
const LAZY = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  act(() => resetToasts());
});

describe('toasts', () => {
  it('shows one toast at a time: a new toast replaces the visible one', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First', description: 'one' });
    });
    expect(await screen.findByText('First', {}, LAZY)).toBeTruthy();
    act(() => {
      toast({ title: 'Second', description: 'two', variant: 'destructive' });
    });
    expect(await screen.findByText('Second', {}, LAZY)).toBeTruthy();
    expect(screen.queryByText('First')).toBeNull();
  });

  it('mounts the notifications region with the F8 hotkey once a toast is raised', async () => {
    render(<Toaster />);
    expect(screen.queryByRole('region')).toBeNull();
    act(() => {
      toast({ title: 'Hello' });
    });
    const region = await screen.findByRole('region', {}, LAZY);
    expect(region.getAttribute('aria-label')).toContain('F8');
  });
});
