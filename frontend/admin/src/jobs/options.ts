import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS } from '@jobs/contracts/jobs';

/** Choices of the job filters, from the contracts the read model follows. */
export const EXPERIENCE_CHOICES = EXPERIENCE_LEVELS.map((id) => ({ id, name: id }));
export const TYPE_CHOICES = EMPLOYMENT_TYPES.map((id) => ({ id, name: id }));
export const STATUS_CHOICES = [
  { id: 'live', name: 'Live' },
  { id: 'removed', name: 'Removed' },
];
