import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

/**
 * The OpenAPI document rendered by Scalar. Only /developers loads this module (React.lazy), so the
 * renderer never weighs on the home page. No third-party fonts, telemetry or agent: nothing leaves the site.
 */
export default function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: '/api/openapi.json',
        withDefaultFonts: false,
        telemetry: false,
        // Scalar's AI agent calls api.scalar.com through proxy.scalar.com: third-party traffic, and
        // refused by the site's CSP (connect-src 'self').
        agent: { disabled: true },
        showDeveloperTools: 'never',
        hideDarkModeToggle: true,
        defaultOpenFirstTag: true,
      }}
    />
  );
}
