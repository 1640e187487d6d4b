/**
 * Admin API of the ATS screens (ra-data-simple-rest conventions; every route behind requireAdmin):
 * - /api/admin/ats-sources: list, one (with its sync history), create (the board is fetched once
 *   first), check, the commands pause, resume, interval and run (a sync now, in this process), and
 *   starter (registers the starter list of real companies; nothing is fetched, the bot syncs them);
 * - /api/admin/company-discovery: start a discovery run (in the background), its progress, and
 *   candidates from the companies we already hold;
 * - /api/admin/discovered-companies: review list, one, approve (adds the ATS source), reject.
 */
import crypto from 'node:crypto';
import type Koa from 'koa';
import type Router from '@koa/router';
import { z } from 'zod';
import {
  AddAtsSourceBody,
  AtsBoardCheck,
  AtsKind,
  ChangeIntervalBody,
  DiscoveryBody,
  discoveredCompanyStreamId,
  type Position,
} from '@jobs/contracts';
import { ATS_PROJECTION } from '@jobs/projections/ats/index';
import { handleCommand, type CommandMetadata } from '../../commands/handle';
import type { AppDeps, Feature } from '../../http/app';
import { badRequest, conflict, notFound } from '../../http/errors';
import { validated } from '../../http/validate';
import { requireAdmin, userOf } from '../auth/guards';
import { parseListParams, sendList } from '../admin/rest';
import type { FetchLike } from './connectors';
import { AtsSourceExistsError, AtsSourceNotFoundError } from './decide';
import {
  DiscoveredCompanyDecidedError,
  DiscoveredCompanyNotFoundError,
  discoveredCompanyDecider,
} from './discovered';
import {
  candidatesFromIngestedJobs,
  discoverCompanies,
  parseCandidates,
  type DiscoveryProgress,
} from './discovery';
import { pacedFetch } from './pacing';
import { inProcessPoster } from './poster';
import {
  DISCOVERED_SORTS,
  getDiscovered,
  getSource,
  listDiscovered,
  listSources,
  SOURCE_SORTS,
  type DiscoveredSort,
  type SourceSort,
} from './queries';
import { SourceNameTakenError } from '../sources/names';
import { addAtsSource, checkBoard, commandAtsSource } from './service';
import { loadStarterCompanies, registerStarterSources } from './starter';
import { syncSource, SyncInProgressError } from './sync';

/** Polite gap between two requests to one ATS host, across every sync and probe of this process. */
export const ATS_REQUEST_GAP_MS = 1_000;
const READ_YOUR_WRITES_MS = 5_000;
const IdParam = z.object({ id: z.string().min(1).max(100) });

interface DiscoveryRun extends DiscoveryProgress {
  id: string;
  status: 'running' | 'finished' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

function metadataOf(ctx: Koa.Context): CommandMetadata {
  const requestId = ctx.state.requestId as string | undefined;
  return { actor: `admin:${userOf(ctx).id}`, causationId: requestId, correlationId: requestId };
}

function mapErrors(err: unknown): never {
  if (err instanceof AtsSourceNotFoundError || err instanceof DiscoveredCompanyNotFoundError)
    throw notFound(err.message);
  if (err instanceof AtsSourceExistsError) throw conflict('This board is already an ATS source');
  if (err instanceof SourceNameTakenError) throw conflict(err.message);
  if (err instanceof SyncInProgressError || err instanceof DiscoveredCompanyDecidedError)
    throw conflict(err.message);
  throw err;
}

export function atsFeature(options: { fetch?: FetchLike; requestGapMs?: number } = {}): Feature {
  const fetchImpl = pacedFetch(options.fetch ?? fetch, options.requestGapMs ?? ATS_REQUEST_GAP_MS);
  const runs = new Map<string, DiscoveryRun>();

  return {
    name: 'ats',
    routes(router: Router, deps: AppDeps) {
      const secret = () => {
        if (!deps.serverSecret) throw new Error('The server secret is not configured');
        return deps.serverSecret;
      };
      const caughtUp = async (position: Position | null) => {
        if (position && deps.projections)
          await deps.projections.waitForPosition(position, READ_YOUR_WRITES_MS, [ATS_PROJECTION]);
      };
      const answerSource = async (ctx: Koa.Context, id: string) => {
        const source = await getSource(deps.pool, id);
        if (!source) throw notFound('ATS source not found');
        ctx.set('Cache-Control', 'no-store');
        ctx.body = source;
      };
      const get = (path: string, handler: Koa.Middleware) => router.get(path, requireAdmin, handler);
      const post = (path: string, handler: Koa.Middleware) => router.post(path, requireAdmin, handler);

      // ---- ATS sources ------------------------------------------------------------------------
      get('/api/admin/ats-sources', async function listAtsSources(ctx) {
        const params = parseListParams<SourceSort>(ctx.query, SOURCE_SORTS, {
          field: 'company',
          order: 'asc',
        });
        const { rows, total } = await listSources(deps.pool, params);
        sendList(ctx, 'ats-sources', params.offset, rows, total);
      });

      post(
        '/api/admin/ats-sources/check',
        validated({ body: AtsBoardCheck }, async (ctx, { body }) => {
          ctx.body = await checkBoard(body, { fetch: fetchImpl });
        }),
      );

      post(
        '/api/admin/ats-sources',
        validated({ body: AddAtsSourceBody }, async (ctx, { body }) => {
          const check = await checkBoard(body, { fetch: fetchImpl });
          if (!check.ok)
            throw badRequest(`The board could not be read: ${check.error!.message}`, [
              { path: 'board', message: check.error!.message },
            ]);
          const added = await addAtsSource(
            { store: deps.store, pool: deps.pool, serverSecret: secret() },
            body,
            metadataOf(ctx),
          ).catch(mapErrors);
          await caughtUp(added.position);
          ctx.status = 201;
          await answerSource(ctx, added.atsSourceId);
          ctx.status = 201;
        }),
      );

      post('/api/admin/ats-sources/starter', async function addStarterSources(ctx) {
        const result = await registerStarterSources(
          { store: deps.store, pool: deps.pool, serverSecret: secret() },
          loadStarterCompanies(),
          metadataOf(ctx),
        );
        await caughtUp(result.position);
        ctx.body = {
          added: result.added.length,
          existing: result.existing.length,
          total: result.added.length + result.existing.length,
        };
      });

      get(
        '/api/admin/ats-sources/:id',
        validated({ params: IdParam }, async (ctx, { params }) => answerSource(ctx, params.id)),
      );

      for (const action of ['pause', 'resume'] as const) {
        post(
          `/api/admin/ats-sources/:id/${action}`,
          validated({ params: IdParam }, async (ctx, { params }) => {
            const result = await commandAtsSource(
              deps.store,
              { type: action === 'pause' ? 'PauseAtsSource' : 'ResumeAtsSource', atsSourceId: params.id },
              metadataOf(ctx),
            ).catch(mapErrors);
            await caughtUp(result.position);
            await answerSource(ctx, params.id);
          }),
        );
      }

      post(
        '/api/admin/ats-sources/:id/interval',
        validated({ params: IdParam, body: ChangeIntervalBody }, async (ctx, { params, body }) => {
          const result = await commandAtsSource(
            deps.store,
            {
              type: 'ChangeAtsSourceInterval',
              atsSourceId: params.id,
              intervalMinutes: body.intervalMinutes,
            },
            metadataOf(ctx),
          ).catch(mapErrors);
          await caughtUp(result.position);
          await answerSource(ctx, params.id);
        }),
      );

      post(
        '/api/admin/ats-sources/:id/run',
        validated({ params: IdParam }, async (ctx, { params }) => {
          const result = await syncSource(
            {
              store: deps.store,
              pool: deps.pool,
              fetch: fetchImpl,
              logger: deps.logger,
              poster: inProcessPoster({
                store: deps.store,
                logger: deps.logger,
                projections: deps.projections,
              }),
            },
            params.id,
          ).catch(mapErrors);
          await caughtUp(result.position);
          const source = await getSource(deps.pool, params.id);
          ctx.set('Cache-Control', 'no-store');
          ctx.body = { sync: result.sync, source };
        }),
      );

      // ---- Company discovery ------------------------------------------------------------------
      get('/api/admin/company-discovery/candidates', async function discoveryCandidates(ctx) {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { candidates: await candidatesFromIngestedJobs(deps.pool) };
      });

      post(
        '/api/admin/company-discovery',
        validated({ body: DiscoveryBody }, async (ctx, { body }) => {
          const candidates = parseCandidates(body.candidates);
          if (candidates.length === 0)
            throw badRequest('Give at least one company name, domain or board slug', [
              { path: 'candidates', message: 'Required' },
            ]);
          const run: DiscoveryRun = {
            id: crypto.randomUUID(),
            status: 'running',
            startedAt: new Date().toISOString(),
            finishedAt: null,
            error: null,
            candidates: candidates.length,
            probes: 0,
            probed: 0,
            found: 0,
          };
          runs.set(run.id, run);
          if (runs.size > 50) runs.delete(runs.keys().next().value!);
          void discoverCompanies(
            { store: deps.store, pool: deps.pool, fetch: fetchImpl },
            { candidates, baseUrl: body.baseUrl },
            (p) => Object.assign(run, p),
          ).then(
            () => Object.assign(run, { status: 'finished', finishedAt: new Date().toISOString() }),
            (err: unknown) => {
              deps.logger.error({ err }, 'company discovery failed');
              Object.assign(run, {
                status: 'failed',
                finishedAt: new Date().toISOString(),
                error: (err as Error).message,
              });
            },
          );
          ctx.status = 202;
          ctx.body = run;
        }),
      );

      get(
        '/api/admin/company-discovery/:id',
        validated({ params: IdParam }, async (ctx, { params }) => {
          const run = runs.get(params.id);
          if (!run) throw notFound('Discovery run not found');
          ctx.set('Cache-Control', 'no-store');
          ctx.body = run;
        }),
      );

      // ---- Discovered companies ---------------------------------------------------------------
      get('/api/admin/discovered-companies', async function listDiscoveredCompanies(ctx) {
        const params = parseListParams<DiscoveredSort>(ctx.query, DISCOVERED_SORTS, {
          field: 'foundAt',
          order: 'desc',
        });
        const { rows, total } = await listDiscovered(deps.pool, params);
        sendList(ctx, 'discovered-companies', params.offset, rows, total);
      });

      get(
        '/api/admin/discovered-companies/:id',
        validated({ params: IdParam }, async (ctx, { params }) => {
          const found = await getDiscovered(deps.pool, params.id);
          if (!found) throw notFound('Discovered company not found');
          ctx.set('Cache-Control', 'no-store');
          ctx.body = found;
        }),
      );

      post(
        '/api/admin/discovered-companies/:id/approve',
        validated({ params: IdParam }, async (ctx, { params }) => {
          const found = await getDiscovered(deps.pool, params.id);
          if (!found) throw notFound('Discovered company not found');
          if (found.status !== 'proposed') throw conflict(`Already ${String(found.status)}`);
          const metadata = metadataOf(ctx);
          let atsSourceId: string;
          try {
            ({ atsSourceId } = await addAtsSource(
              { store: deps.store, pool: deps.pool, serverSecret: secret() },
              {
                kind: AtsKind.parse(found.kind),
                board: String(found.board),
                company: String(found.company),
                baseUrl: (found.baseUrl as string | null) ?? null,
                intervalMinutes: 60,
              },
              metadata,
            ));
          } catch (err) {
            // Added by hand meanwhile: approving still links the two.
            if (!(err instanceof AtsSourceExistsError)) mapErrors(err);
            atsSourceId = err.atsSourceId;
          }
          const result = await handleCommand(
            deps.store,
            discoveredCompanyStreamId(params.id),
            discoveredCompanyDecider,
            { type: 'ApproveDiscoveredCompany', discoveredId: params.id, atsSourceId },
            { metadata },
          ).catch(mapErrors);
          await caughtUp(result.position);
          ctx.body = await getDiscovered(deps.pool, params.id);
        }),
      );

      post(
        '/api/admin/discovered-companies/:id/reject',
        validated({ params: IdParam }, async (ctx, { params }) => {
          const result = await handleCommand(
            deps.store,
            discoveredCompanyStreamId(params.id),
            discoveredCompanyDecider,
            { type: 'RejectDiscoveredCompany', discoveredId: params.id },
            { metadata: metadataOf(ctx) },
          ).catch(mapErrors);
          await caughtUp(result.position);
          ctx.body = await getDiscovered(deps.pool, params.id);
        }),
      );
    },
  };
}
