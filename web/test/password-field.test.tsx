import { render, screen } from '@testing-library/react';
import { PASSWORD_RULE_TEXT } from '@touchline/rules';
import { describe, expect, it } from 'vitest';

import { PasswordField } from '@/components/ui/PasswordField';

describe('PasswordField', () => {
  it('asks password managers for the saved password and shows no rule for a current password', () => {
    render(<PasswordField purpose="current" label="Current Password" />);
    const input = screen.getByLabelText('Current Password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
    expect(input).toBeRequired();
    expect(screen.queryByText(PASSWORD_RULE_TEXT)).not.toBeInTheDocument();
  });

  it('shows the rule under a new password, tied to the input', () => {
    render(<PasswordField purpose="new" label="New Password" />);
    const input = screen.getByLabelText('New Password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).toHaveAccessibleDescription(PASSWORD_RULE_TEXT);
  });

  it('marks a confirmation as a new password without repeating the rule', () => {
    render(<PasswordField purpose="confirm" label="Confirm Password" name="confirm" />);
    const input = screen.getByLabelText('Confirm Password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');
    expect(input).toHaveAttribute('name', 'confirm');
    expect(input).not.toHaveAccessibleDescription();
  });
});
