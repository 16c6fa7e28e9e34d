import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet';

const base =
  'inline-flex items-center justify-center gap-2 rounded-shop px-5 py-2.5 text-sm font-medium ' +
  'tracking-wide transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-50 ' +
  'min-h-11';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-ink text-page hover:bg-accent-strong disabled:hover:bg-ink',
  secondary: 'border border-ink/70 bg-transparent text-ink hover:bg-ink hover:text-page',
  quiet: 'px-2 text-ink underline-offset-4 hover:underline',
};

/** A link in running text: the accent colour and an underline, never colour alone. */
export const textLinkClass = 'text-accent underline underline-offset-4 hover:text-accent-strong';

export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `${base} ${variants[variant]} ${extra}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
}

export function ButtonLink({ variant = 'primary', className = '', ...props }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
