import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** The name assistants list the server under. */
const SERVER_NAME = 'remotejobs';

export interface AssistantConfig {
  id: string;
  name: string;
  /** Where the text goes, in a sentence. */
  where: string;
  text: string;
}

/** Copy-paste configuration for each assistant, for the MCP endpoint at `mcpUrl`. */
export function assistantConfigs(mcpUrl: string): AssistantConfig[] {
  return [
    {
      id: 'claude-desktop',
      name: 'Claude Desktop',
      where:
        'Settings → Connectors → Add custom connector, with this URL. Or, in claude_desktop_config.json (Settings → Developer → Edit Config), through the mcp-remote bridge:',
      text: JSON.stringify(
        { mcpServers: { [SERVER_NAME]: { command: 'npx', args: ['-y', 'mcp-remote', mcpUrl] } } },
        null,
        2,
      ),
    },
    {
      id: 'claude-code',
      name: 'Claude Code',
      where: 'In a terminal:',
      text: `claude mcp add --transport http ${SERVER_NAME} ${mcpUrl}`,
    },
    {
      id: 'chatgpt',
      name: 'ChatGPT connectors',
      where:
        'Settings → Apps & Connectors → Advanced settings: turn on Developer mode, then Create. Name it RemoteJobs, paste this MCP server URL and choose No authentication:',
      text: mcpUrl,
    },
    {
      id: 'vscode',
      name: 'VS Code (GitHub Copilot)',
      where: 'In .vscode/mcp.json of your workspace (or MCP: Add Server… in the Command Palette):',
      text: JSON.stringify({ servers: { [SERVER_NAME]: { type: 'http', url: mcpUrl } } }, null, 2),
    },
    {
      id: 'cursor',
      name: 'Cursor',
      where: 'In ~/.cursor/mcp.json (or .cursor/mcp.json of a project):',
      text: JSON.stringify({ mcpServers: { [SERVER_NAME]: { url: mcpUrl } } }, null, 2),
    },
  ];
}

function ConfigBlock({ config }: { config: AssistantConfig }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(config.text);
    setCopied(true);
  }
  return (
    <section aria-labelledby={`ai-${config.id}`} className="space-y-2">
      <h3 id={`ai-${config.id}`} className="text-base font-semibold text-slate-900">
        {config.name}
      </h3>
      <p className="text-sm text-slate-700">{config.where}</p>
      <pre
        aria-label={`${config.name} configuration`}
        className="overflow-x-auto rounded-md border border-slate-300 bg-slate-50 p-3 font-mono text-xs text-slate-900"
      >
        {config.text}
      </pre>
      <div className="flex items-center gap-3">
        <Button type="button" onClick={() => void copy()}>
          Copy
        </Button>
        <span role="status" className="text-sm text-green-700">
          {copied ? 'Copied to the clipboard.' : ''}
        </span>
      </div>
    </section>
  );
}

/** The /developers page's 'AI assistants' section: what the MCP server offers and how to add it. */
export function AiAssistants() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const mcpUrl = `${origin}/mcp`;
  return (
    <div className="space-y-6">
      <div className="space-y-3 text-slate-700">
        <p>
          Ask Claude, ChatGPT, Copilot or Cursor to find jobs for you: our MCP server at{' '}
          <code className="font-mono text-sm">{mcpUrl}</code> lets an assistant search every filter of the
          feed, read a job&apos;s full description and apply link, compare salaries from live listings and
          start a job alert (you confirm it from the e-mail). No key needed; it shares the API&apos;s rate
          limit. Tools and examples: <a href="/llms.txt">/llms.txt</a> and the API reference below.
        </p>
      </div>
      {assistantConfigs(mcpUrl).map((config) => (
        <ConfigBlock key={config.id} config={config} />
      ))}
    </div>
  );
}
