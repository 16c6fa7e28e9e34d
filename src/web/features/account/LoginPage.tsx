import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { SHOP_NAME } from '../../../shared/settings/shop';
import { useLogin } from '../../api/accounts';
import { safeRedirect, withRedirect } from '../../layout/redirects';
import { useSession } from '../../state/session-store';
import { Button, textLinkClass } from '../../ui/Button';
import { FormStatus, TextField } from '../../ui/FormField';
import { PageHeading } from '../../ui/PageHeading';
import { loginFormSchema } from './forms';
import { GuestCheckout } from './GuestCheckout';

/**
 * Sign in, then go where `?redirect=` says (a path on this site only). Whoever is signed in
 * already goes straight there, which is also how a successful sign-in leaves the page.
 */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const redirect = safeRedirect(searchParams.get('redirect'));
  const signedIn = useSession((state) => state.userInfo !== null);
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' },
  });

  if (signedIn) return <Navigate to={redirect} replace />;
  const toCheckout = redirect.startsWith('/checkout');

  const submit = handleSubmit((body) => {
    if (login.isPending) return;
    login.mutate(body);
  });

  return (
    <div className="mx-auto max-w-md">
      <title>{`Sign In | ${SHOP_NAME}`}</title>
      <PageHeading
        lead={
          toCheckout ? (
            <>
              Sign in, or{' '}
              <a href="#guest-checkout" className={textLinkClass}>
                check out as a guest
              </a>
              : no account needed.
            </>
          ) : (
            'Welcome back. Sign in to see your orders and check out faster.'
          )
        }
      >
        Sign In
      </PageHeading>
      <form noValidate className="flex flex-col gap-5" onSubmit={(event) => void submit(event)}>
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
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="-mt-2 text-sm">
          <Link to="/forgot-password" className={textLinkClass}>
            Forgot your password?
          </Link>
        </p>
        <Button type="submit" disabled={login.isPending}>
          Sign In
        </Button>
        <FormStatus error={login.error} />
      </form>
      <p className="mt-8 text-muted">
        New here?{' '}
        <Link to={withRedirect('/account/register', redirect)} className={textLinkClass}>
          Create an account
        </Link>
      </p>
      {toCheckout && <GuestCheckout next={redirect} />}
    </div>
  );
}
