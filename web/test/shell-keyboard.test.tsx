import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { useListFocus } from '@/lib/list-focus';

import { makeUser, mockFetch, renderApp } from './utils';

describe('the shell and the keyboard (issue 43, item 15)', () => {
  it('offers a skip link first, then the navigation, before the screen', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser() } });
    const { user } = renderApp('/');
    const heading = await screen.findByRole('heading', { level: 1 });

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.tab();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Home' }),
    ).toHaveFocus();

    await user.click(skip);
    expect(heading).toHaveFocus();
  });

  it('has no player navigation under /admin', async () => {
    mockFetch({ 'GET /api/user': { body: makeUser({ isAdmin: true }) } });
    renderApp('/admin');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'wide');
  });
});

function Listings({ initial }: { initial: string[] }) {
  const [names, setNames] = useState(initial);
  const listFocus = useListFocus<HTMLUListElement>();
  return (
    <ul ref={listFocus} aria-label="Listings">
      {names.map((name) => (
        <li key={name}>
          <button type="button" onClick={() => setNames((all) => all.filter((n) => n !== name))}>
            {`Buy ${name}`}
          </button>
        </li>
      ))}
    </ul>
  );
}

describe('useListFocus', () => {
  it('gives the focus to the row that takes a removed row’s place, then to the last row', async () => {
    const user = userEvent.setup();
    render(<Listings initial={['Ana', 'Ben', 'Cai']} />);

    await user.click(screen.getByRole('button', { name: 'Buy Ben' }));
    // The MutationObserver runs after the removal, as a microtask.
    await act(() => Promise.resolve());
    expect(screen.getByRole('button', { name: 'Buy Cai' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Buy Cai' }));
    await act(() => Promise.resolve());
    expect(screen.getByRole('button', { name: 'Buy Ana' })).toHaveFocus();
  });

  it('leaves the focus alone when it went elsewhere first', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Listings initial={['Ana', 'Ben']} />
        <input aria-label="Search" />
      </>,
    );
    const ben = screen.getByRole('button', { name: 'Buy Ben' });
    ben.focus();
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    act(() => ben.closest('li')!.remove());
    await act(() => Promise.resolve());
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });
});
