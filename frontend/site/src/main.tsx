import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { StartupErrorScreen } from './components/errors/app-error';
import './index.css';

function showStartupError(container: HTMLElement, error: unknown): void {
  console.error('The application failed to start', error);
  try {
    createRoot(container).render(<StartupErrorScreen />);
  } catch {
    // React itself is unusable: plain DOM keeps the message readable.
    container.innerHTML =
      '<div role="alert" style="font-family:system-ui;padding:4rem 1rem;text-align:center">' +
      '<h1>Application Loading Error</h1><p>Please reload the page.</p></div>';
  }
}

const container = document.getElementById('root');
if (container) {
  try {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch (error) {
    showStartupError(container, error);
  }
}
