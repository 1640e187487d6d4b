export { AccountDetails } from './components/account-details';
export { ProfileNameForm } from './components/profile-name-form';
export { ChangePasswordForm } from './components/change-password-form';
export { JobAlertsSection, type JobAlertsSectionProps } from './components/job-alerts-section';
export { SavedSearchesSection, type SavedSearchesSectionProps } from './components/saved-searches-section';
export { useUpdateProfile, updateProfile, type UpdateProfileInput } from './api/update-profile';
export { useChangePassword, changePassword } from './api/change-password';
