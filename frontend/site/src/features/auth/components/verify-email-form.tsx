import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { serverFieldErrors, validateCode } from '../../../lib/account-validation';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';

/** The 6-digit code field with Verify, and 'Resend code'. */
export function VerifyEmailForm() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const verify = useVerifyEmail();
  const resend = useResendVerification();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateCode(code);
    setError(found);
    if (found) return;
    verify.mutate(code.trim(), {
      onError: (err) => setError(serverFieldErrors(err, ['code'] as const).code),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Verify email">
        <FormField
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          placeholder="123456"
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-lg [&_input]:tracking-[0.4em]"
          value={code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
            setError(undefined);
          }}
          error={error}
        />
        <Button type="submit" disabled={verify.isPending} className="w-full">
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <div className="flex items-center justify-center gap-2 text-sm text-slate-600">
        <span>Didn&apos;t get the email?</span>
        <Button variant="ghost" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? 'Sending...' : 'Resend code'}
        </Button>
      </div>
    </div>
  );
}
