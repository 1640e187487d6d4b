/** server.json (the MCP Registry's description of this server) stays true to the server it describes. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MCP_PATH } from './routes';
import { MCP_SERVER_VERSION } from './server';

const serverJson = JSON.parse(
  fs.readFileSync(new URL('../../../../server.json', import.meta.url), 'utf8'),
) as {
  $schema: string;
  name: string;
  description: string;
  version: string;
  remotes: { type: string; url: string; variables?: Record<string, unknown> }[];
};

describe('server.json', () => {
  it('names the registry schema, a namespaced name, and the version the server reports', () => {
    expect(serverJson.$schema).toMatch(
      /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/.+\/server\.schema\.json$/,
    );
    expect(serverJson.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(serverJson.version).toBe(MCP_SERVER_VERSION);
    // The registry's limit on a description.
    expect(serverJson.description.length).toBeLessThanOrEqual(100);
  });

  it('points at the Streamable HTTP endpoint, the host a variable', () => {
    expect(serverJson.remotes).toEqual([
      expect.objectContaining({ type: 'streamable-http', url: `https://{host}${MCP_PATH}` }),
    ]);
    expect(serverJson.remotes[0]!.variables).toHaveProperty('host');
  });
});
