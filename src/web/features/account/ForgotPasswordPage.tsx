import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import { PASSWORD_RESET_SENT } from '../../../shared/accounts/accounts';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { useForgotPassword } from '../../api/accounts';
import { useSession } from '../../state/session-store';
import { Button, textLinkClass } from '../../ui/Button';
import { FormStatus, TextField } from '../../ui/FormField';
import { PageHeading } from '../../ui/PageHeading';
import { forgotPasswordFormSchema } from './forms';
import { useRedirectAfter } from './useRedirectAfter';

/** Asks for an email and mails a reset link; says the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const signedIn = useSession((state) => state.userInfo !== null);
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  useRedirectAfter(forgot.isSuccess, '/account/login');

  if (signedIn) return <Navigate to="/" replace />;

  const submit = handleSubmit(({ email }) => {
    if (!forgot.isPending) forgot.mutate(email);
  });

  return (
    <div className="mx-auto max-w-md">
      <title>{`Forgot your password? | ${SHOP_NAME}`}</title>
      <PageHeading lead="Enter the email address of your account and we will send you a link to choose a new password.">
        Forgot your password?
      </PageHeading>
      <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" disabled={forgot.isPending || forgot.isSuccess}>
          Send reset link
        </Button>
        <FormStatus
          success={
            forgot.isSuccess ? (
              <>{PASSWORD_RESET_SENT}. You will return to the sign-in page in a few seconds.</>
            ) : null
          }
          error={forgot.error}
        />
      </form>
      <p className="mt-8 text-muted">
        Remembered it?{' '}
        <Link to="/account/login" className={textLinkClass}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
