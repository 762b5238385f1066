import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { LightTabs } from '@/components/ui/LightTabs';

function Harness({ onChange }: { onChange(value: string): void }) {
  const [value, setValue] = useState<'one' | 'two' | 'three'>('one');
  return (
    <LightTabs
      label="Pick"
      value={value}
      onValueChange={(next) => {
        onChange(next);
        setValue(next);
      }}
      tabs={[
        { value: 'one', label: 'One', content: <p>First panel</p> },
        { value: 'two', label: 'Two', content: <p>Second panel</p> },
        { value: 'three', label: 'Three', content: <p>Third panel</p> },
      ]}
    />
  );
}

describe('LightTabs (the tabs of /auth, without Radix)', () => {
  it('names the tab list, selects the first tab and shows only its panel', () => {
    render(<Harness onChange={vi.fn()} />);
    expect(screen.getByRole('tablist', { name: 'Pick' })).toBeInTheDocument();
    const one = screen.getByRole('tab', { name: 'One' });
    expect(one).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveTextContent('First panel');
    expect(screen.queryByText('Second panel')).not.toBeInTheDocument();
    // Every tab controls a panel that exists (axe's aria-valid-attr-value), hidden while inactive.
    for (const tab of screen.getAllByRole('tab')) {
      expect(document.getElementById(tab.getAttribute('aria-controls')!)).not.toBeNull();
    }
  });

  it('selects a tab on click and ignores a click on the selected one', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('tab', { name: 'One' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('tab', { name: 'Two' }));
    expect(onChange).toHaveBeenCalledWith('two');
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveTextContent('Second panel');
  });

  it('moves focus and selection with the arrow keys, Home and End, wrapping round', async () => {
    const user = userEvent.setup();
    render(<Harness onChange={vi.fn()} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    // Only the selected tab is in the tab order.
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('tabindex', '-1');
  });
});
