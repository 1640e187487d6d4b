import { EXPERIENCE_NOT_SPECIFIED } from '@jobs/contracts/experience';
import type { AlertDefaults } from '../../alerts/options';
import type { Job } from '../api/get-job';

// Location texts the feed would read as a continent filter ('Remote in EMEA' names none it knows): the country instead.
const SCOPED = /^\s*(all|remote in)\s/i;

/**
 * 'Get Similar Job Alerts' criteria: the job's title, place, level, type and remote-ness. Remote means the feed's
 * 'Remote & Hybrid', so a hybrid job asks for it too. The salary stays open: the public job carries only its text.
 */
export function alertDefaultsOfJob(job: Job): AlertDefaults {
  const location = SCOPED.test(job.location) ? (job.country ?? undefined) : job.location;
  return {
    title: job.title,
    location,
    experienceLevel: job.experienceLevel === EXPERIENCE_NOT_SPECIFIED ? undefined : job.experienceLevel,
    type: job.type,
    isRemote: job.isRemote || job.isHybrid,
  };
}
