import { lazy, Suspense } from 'react';
import { ContentPage, Prose } from '../../components/layouts/content-page';
import { Spinner } from '../../components/ui/spinner';
import { AiAssistants, EmbedSnippet, UsageTerms } from '../../features/developers';

// The renderer is large: its own chunk, loaded after the page's text.
const ApiReference = lazy(() => import('../../features/developers/components/api-reference'));

export default function DevelopersRoute() {
  return (
    <ContentPage
      title="Developers"
      documentTitle="Developers: API, feeds and embeds"
      eyebrow="Open data"
      intro={
        <p>
          Our jobs as RSS and Atom feeds, a documented JSON API, a job list for your own site, and an MCP
          server for AI assistants.
        </p>
      }
    >
      <Prose>
        <UsageTerms />
        <h2 id="embed">Embed a job list</h2>
        <p>Choose the jobs to show, then paste the snippet into your page.</p>
      </Prose>
      <div className="mt-6">
        <EmbedSnippet />
      </div>
      <Prose>
        <h2 id="ai-assistants">AI assistants</h2>
      </Prose>
      <div className="mt-4">
        <AiAssistants />
      </div>
      <Prose>
        <h2 id="api">API reference</h2>
        <p>
          The document itself: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
        </p>
      </Prose>
      <div className="mt-6 -mx-4 sm:mx-0">
        <Suspense fallback={<Spinner />}>
          <ApiReference />
        </Suspense>
      </div>
    </ContentPage>
  );
}
