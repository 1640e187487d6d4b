import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';

/**
 * The OpenAPI document rendered by Scalar. Only /developers loads this module (React.lazy), so the
 * renderer never weighs on the home page. No third-party fonts or telemetry.
 */
export default function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: '/api/openapi.json',
        withDefaultFonts: false,
        telemetry: false,
        showDeveloperTools: 'never',
        hideDarkModeToggle: true,
        defaultOpenFirstTag: true,
      }}
    />
  );
}
