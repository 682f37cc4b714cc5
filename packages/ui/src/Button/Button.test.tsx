import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { Button } from './Button';

/** react-aria's announcements: images named by the element their aria-labelledby points at. */
const announcements = () => [...document.querySelectorAll('[data-live-announcer] [role="img"]')];

describe('Button', () => {
  it('a pending button that goes away leaves no unnamed image in the live announcer', async () => {
    const { rerender, unmount } = render(
      <main>
        <Button isPending={false}>Submit</Button>
      </main>,
    );
    act(() => screen.getByRole('button', { name: 'Submit' }).focus());
    // Focused and pending: react-aria announces it, an image labelled by the button.
    rerender(
      <main>
        <Button isPending>Submit</Button>
      </main>,
    );
    expect(announcements()).toHaveLength(1);
    expect(await accessibilityViolations()).toEqual([]);

    // The dialog closes with its Submit: the announcement, whose name was the button, goes too.
    unmount();
    expect(announcements()).toHaveLength(0);
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('keeps the id it is given', () => {
    render(
      <Button id="save" isPending={false}>
        Save
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('id', 'save');
  });
});
