// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RssLink } from '../jobs-feed/components/rss-link';
import { EMPTY_FILTERS } from '../jobs-feed/filters';
import { EmbedSnippet } from './components/embed-snippet';
import { AiAssistants } from './components/ai-assistants';

afterEach(cleanup);

describe('the embed snippet generator', () => {
  it('writes an iframe of the chosen search', () => {
    render(<EmbedSnippet />);
    fireEvent.change(screen.getByLabelText('Keywords'), { target: { value: 'react native' } });
    fireEvent.change(screen.getByLabelText('Job type'), { target: { value: 'Contract' } });
    fireEvent.change(screen.getByLabelText('Jobs listed'), { target: { value: '20' } });
    const snippet = (screen.getByLabelText('Your snippet') as HTMLTextAreaElement).value;
    expect(snippet).toBe(
      `<iframe src="${window.location.origin}/embed?title=react%20native&amp;type=Contract&amp;limit=20" title="Remote jobs" width="100%" height="480" style="border:0" loading="lazy"></iframe>`,
    );
    expect(screen.getByTitle('Preview of the embedded job list').getAttribute('src')).toBe(
      `${window.location.origin}/embed?title=react%20native&type=Contract&limit=20`,
    );
  });
});

describe('the RSS link of the feed header', () => {
  it('links the feed of the search on screen and keeps the head in step', () => {
    const { rerender } = render(
      <RssLink filters={{ ...EMPTY_FILTERS, title: 'rust', isRemote: 'true' }} sort="datePosted:desc" />,
    );
    expect(screen.getByRole('link', { name: 'RSS' }).getAttribute('href')).toBe(
      '/feed.xml?title=rust&isRemote=true',
    );
    rerender(<RssLink filters={{ ...EMPTY_FILTERS, title: 'go' }} sort="datePosted:asc" />);
    const alternate = document.head.querySelector<HTMLLinkElement>(
      'link[rel="alternate"][type="application/rss+xml"]',
    );
    expect(alternate?.href).toBe(`${window.location.origin}/feed.xml?title=go&sort=oldest`);
  });
});

describe("the 'AI assistants' section", () => {
  it('gives copy-paste configuration of the MCP endpoint for each assistant', () => {
    render(<AiAssistants />);
    const url = `${window.location.origin}/mcp`;
    const config = (name: string) => screen.getByLabelText(`${name} configuration`).textContent ?? '';
    expect(JSON.parse(config('Claude Desktop'))).toEqual({
      mcpServers: { remotejobs: { command: 'npx', args: ['-y', 'mcp-remote', url] } },
    });
    expect(config('Claude Code')).toBe(`claude mcp add --transport http remotejobs ${url}`);
    expect(config('ChatGPT connectors')).toBe(url);
    expect(JSON.parse(config('VS Code (GitHub Copilot)'))).toEqual({
      servers: { remotejobs: { type: 'http', url } },
    });
    expect(JSON.parse(config('Cursor'))).toEqual({ mcpServers: { remotejobs: { url } } });
  });
});
