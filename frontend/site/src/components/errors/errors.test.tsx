// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorFallback, ErrorBoundary, RenderErrorFallback, StartupErrorScreen } from './index';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Boom(): never {
  throw new Error('kaboom');
}

describe('error screens', () => {
  it('the boundary shows the render-error fallback when a child throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary fallback={<RenderErrorFallback />}>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText('An unexpected error occurred. Please refresh the page to try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });

  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary fallback={<RenderErrorFallback />}>
        <p>Fine</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Fine')).toBeTruthy();
  });

  it("'Refresh Page' reloads", async () => {
    const onReload = vi.fn();
    render(<RenderErrorFallback onReload={onReload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('the fatal application error screen', async () => {
    const onReload = vi.fn();
    render(<AppErrorFallback onReload={onReload} />);
    expect(screen.getByRole('heading', { name: 'Application Error' })).toBeTruthy();
    expect(screen.getByText('Something went wrong while loading the application.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('the start-up failure screen', () => {
    render(<StartupErrorScreen />);
    expect(screen.getByRole('heading', { name: 'Application Loading Error' })).toBeTruthy();
  });
});
