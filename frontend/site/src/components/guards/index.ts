export { ProtectedRoute } from './protected-route';
export { AdminRoute, AccessDenied } from './admin-route';
export { VerifiedRoute, VerificationRequired } from './verified-route';
