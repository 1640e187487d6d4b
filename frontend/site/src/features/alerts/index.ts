export {
  JobAlertDialog,
  ALERT_DIALOG_CLOSE_DELAY_MS,
  type JobAlertDialogProps,
} from './components/job-alert-dialog';
export { JobAlertButton, type JobAlertButtonProps } from './components/job-alert-button';
export { JobAlertForm, type JobAlertFormProps } from './components/job-alert-form';
export { CompactAlertForm, type CompactAlertFormProps } from './components/compact-alert-form';
export { UserJobAlerts } from './components/user-job-alerts';
export { useCreateJobAlert } from './api/create-job-alert';
export { USER_JOB_ALERTS_KEY, useUserJobAlerts } from './api/get-user-job-alerts';
export type { AlertDefaults } from './options';
