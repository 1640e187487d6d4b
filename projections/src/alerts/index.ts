export { jobAlertsProjection, JOB_ALERTS_PROJECTION, type JobAlertRow } from './job-alerts';
export {
  alertJobCandidatesProjection,
  ALERT_JOB_CANDIDATES_PROJECTION,
  type AlertJobCandidateRow,
} from './alert-job-candidates';

import { jobAlertsProjection } from './job-alerts';
import { alertJobCandidatesProjection } from './alert-job-candidates';
import { savedSearchesProjection } from '../saved-searches/saved-searches';

/** The read models of job alerts and saved searches, for the runner's list (backend/src/read-models.ts). */
export const alertsReadModels = () => [
  jobAlertsProjection(),
  alertJobCandidatesProjection(),
  savedSearchesProjection(),
];
