export type { Projection, SqlProjection, ExternalProjection } from './projection';
export { isExternalProjection } from './projection';
export {
  createProjectionRunner,
  ProjectionHandlerError,
  type ProjectionRunner,
  type ProjectionRunnerOptions,
  type ProjectionStatus,
  type ProjectionState,
  type ProjectionLogger,
  type RebuildProgress,
} from './runner';
export { LostLockError, readCheckpoints, type CheckpointRow } from './checkpoints';
export * from './jobs';
