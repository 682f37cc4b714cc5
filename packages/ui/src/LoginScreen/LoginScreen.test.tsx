import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { LoggedOutScreen } from './LoggedOutScreen';
import { LoginScreen } from './LoginScreen';

describe('LoginScreen', () => {
  it("announces 'Signing you in…' while single sign-on starts, without a Login button", () => {
    render(<LoginScreen isSigningIn onLogin={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Digital Assistant' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('offers a Login button when not signing in', async () => {
    const user = userEvent.setup();
    const onLogin = vi.fn();
    render(<LoginScreen onLogin={onLogin} />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    render(<LoginScreen onLogin={() => {}} />);
    expect(await accessibilityViolations()).toEqual([]);
  });
});

describe('LoggedOutScreen', () => {
  it('shows the logged-out popup and starts login only when asked', async () => {
    const user = userEvent.setup();
    const onLogin = vi.fn();
    render(<LoggedOutScreen onLogin={onLogin} />);
    const dialog = screen.getByRole('dialog', { name: 'Logout' });
    expect(dialog).toHaveTextContent('You have successfully logged out.');
    expect(onLogin).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed with Escape', async () => {
    const user = userEvent.setup();
    render(<LoggedOutScreen onLogin={() => {}} />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Logout' })).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(<LoggedOutScreen onLogin={() => {}} />);
    expect(await accessibilityViolations()).toEqual([]);
  });
});
