import { PASSWORD_RULE_TEXT } from '@touchline/rules';

import { TextField, type TextFieldProps } from './Input';

export type PasswordPurpose = 'current' | 'new' | 'confirm';

const BY_PURPOSE: Record<PasswordPurpose, { name: string; autoComplete: string }> = {
  current: { name: 'current-password', autoComplete: 'current-password' },
  new: { name: 'new-password', autoComplete: 'new-password' },
  confirm: { name: 'confirm-password', autoComplete: 'new-password' },
};

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'hint'> {
  purpose: PasswordPurpose;
}

/**
 * Every password input of the app: the autofill hint password managers read for its purpose, and
 * under a new password the rule the server enforces.
 */
export function PasswordField({ purpose, ...props }: PasswordFieldProps) {
  return (
    <TextField
      type="password"
      required
      {...BY_PURPOSE[purpose]}
      hint={purpose === 'new' ? PASSWORD_RULE_TEXT : undefined}
      {...props}
    />
  );
}
