import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ShellAround } from '../test/app-shell-examples';
import { accessibilityViolations } from '../test/axe';
import { AppShell } from './index';

describe('AppShell.SkipLink', () => {
  it('is the first Tab stop and moves the focus to the page, past the menu, without changing the address', async () => {
    const user = userEvent.setup();
    render(<ShellAround skipLink={<AppShell.SkipLink />} />);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(window.location.hash).toBe('');
  });

  it('leads to the element it names, such as the message box', async () => {
    const user = userEvent.setup();
    render(
      <ShellAround
        skipLink={<AppShell.SkipLink targetId="composer">Skip to the message box</AppShell.SkipLink>}
        content={
          <AppShell.Content>
            <textarea id="composer" aria-label="Message" />
          </AppShell.Content>
        }
      />,
    );
    await user.click(screen.getByRole('link', { name: 'Skip to the message box' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('has no accessibility violations', async () => {
    render(<ShellAround skipLink={<AppShell.SkipLink />} />);
    expect(await accessibilityViolations()).toEqual([]);
  });
});
