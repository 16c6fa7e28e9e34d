import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../shared/accounts/accounts';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { useRegister } from '../../api/accounts';
import { safeRedirect, withRedirect } from '../../layout/redirects';
import { useSession } from '../../state/session-store';
import { Button, textLinkClass } from '../../ui/Button';
import { FormStatus, TextField } from '../../ui/FormField';
import { PageHeading } from '../../ui/PageHeading';
import { registerFormSchema } from './forms';

/** Registering signs the new customer in, then goes where `?redirect=` says, or home. */
export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get('redirect'));
  const signedIn = useSession((state) => state.userInfo !== null);
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  if (signedIn) return <Navigate to={redirect} replace />;

  const submit = handleSubmit(({ name, email, password }) => {
    if (registration.isPending) return;
    registration.mutate({ email, password, ...(name ? { name } : {}) });
  });

  return (
    <div className="mx-auto max-w-md">
      <title>{`Create an account | ${SHOP_NAME}`}</title>
      <PageHeading lead="An account keeps your orders in one place and makes checkout quicker.">
        Create an account
      </PageHeading>
      <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
        <TextField
          label="Name (optional)"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" disabled={registration.isPending}>
          Register
        </Button>
        <FormStatus error={registration.error} />
      </form>
      <p className="mt-8 text-muted">
        Already have an account?{' '}
        <Link to={withRedirect('/account/login', redirect)} className={textLinkClass}>
          Sign in
        </Link>
      </p>
    </div>
  );
}
