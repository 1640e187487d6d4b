export { AuthTabs, type AuthTab, type AuthTabsProps } from './components/auth-tabs';
export { LoginForm } from './components/login-form';
export { RegisterForm } from './components/register-form';
export { VerifyEmailForm } from './components/verify-email-form';
export { useLogin, login } from './api/login';
export { useRegister, register, type RegisterInput } from './api/register';
export { useVerifyEmail, verifyEmail } from './api/verify-email';
export { useResendVerification, resendVerification } from './api/resend-verification';
