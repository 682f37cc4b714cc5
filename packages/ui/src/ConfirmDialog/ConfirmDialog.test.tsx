import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader, Toolbar } from 'react-aria-components';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../Button/Button';
import { accessibilityViolations } from '../test/axe';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({ onConfirm, onCancel }: { onConfirm: () => void; onCancel?: () => void }) {
  const [isOpen, setOpen] = useState(true);
  return <ConfirmDialog isOpen={isOpen} onOpenChange={setOpen} onConfirm={onConfirm} onCancel={onCancel} />;
}

describe('ConfirmDialog', () => {
  it('asks to delete the chat by default', () => {
    render(<Harness onConfirm={() => {}} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this chat?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it('confirms with OK and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancels with Cancel or Escape without confirming', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { unmount } = render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    unmount();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('takes a title and text for other uses', () => {
    render(
      <ConfirmDialog
        isOpen
        onOpenChange={() => {}}
        onConfirm={() => {}}
        title="Delete Role Group"
        text="Are you sure you want to delete role group QA?"
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete Role Group' })).toHaveTextContent(
      'Are you sure you want to delete role group QA?',
    );
  });

  it('has no accessibility violations', async () => {
    render(<Harness onConfirm={() => {}} />);
    expect(await accessibilityViolations()).toEqual([]);
  });
});

/** A table of `names` whose rows each have a Delete button. */
function ThingsTable({ names, onDelete }: { names: string[]; onDelete: (name: string) => void }) {
  return (
    <Table aria-label="Things">
      <TableHeader>
        <Column isRowHeader>Name</Column>
        <Column>Actions</Column>
      </TableHeader>
      <TableBody items={names.map((name) => ({ id: name }))}>
        {(row) => (
          <Row id={row.id}>
            <Cell>{row.id}</Cell>
            <Cell>
              <Button onPress={() => onDelete(row.id)}>{`Delete ${row.id}`}</Button>
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

/** A toolbar and a table whose rows each have a Delete button asking first, as the administration pages do. */
function PageWithDeletes() {
  const [pending, setPending] = useState<string | null>(null);
  const names = ['alpha', 'bravo', 'charlie'];
  return (
    <>
      <Toolbar aria-label="Actions">
        <Button>Add</Button>
        <Button onPress={() => setPending('the selected ones')}>Delete Selected</Button>
      </Toolbar>
      <ThingsTable names={names} onDelete={setPending} />
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPending(null);
        }}
        onConfirm={() => {}}
        text={`Delete ${pending}?`}
      />
    </>
  );
}

/** A table whose Delete removes the row once the server has answered (`delayMs` later). */
function TableThatDeletes({ delayMs }: { delayMs: number }) {
  const [names, setNames] = useState(['alpha', 'bravo', 'charlie']);
  const [pending, setPending] = useState<string | null>(null);
  return (
    <section aria-label="Things">
      <Button>Add</Button>
      <ThingsTable names={names} onDelete={setPending} />
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPending(null);
        }}
        onConfirm={() => {
          const name = pending;
          setTimeout(() => setNames((all) => all.filter((item) => item !== name)), delayMs);
        }}
      />
    </section>
  );
}

/** Presses `Delete {name}`, then OK in the dialog that asks. */
async function deleteAndConfirm(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
}

async function cancelWithEscape(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('alertdialog');
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('ConfirmDialog focus', () => {
  it('starts on Cancel, so Enter does not confirm at once', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('goes back after Escape to the Delete button that opened it, whichever row it is in', async () => {
    const user = userEvent.setup();
    render(<PageWithDeletes />);
    for (const name of ['bravo', 'alpha', 'charlie']) {
      await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
      await cancelWithEscape(user);
      await waitFor(() => expect(screen.getByRole('button', { name: `Delete ${name}` })).toHaveFocus());
    }
    // With the keyboard, at once (focus moved by a key is never taken back): from charlie's button up to bravo's.
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Delete bravo' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await cancelWithEscape(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete bravo' })).toHaveFocus());
  });

  it.each([
    ['once the server has answered', 300],
    ['while the dialog is still closing', 0],
  ])('goes to the row that took the place of the one deleted (%s), never to the page', async (_, delayMs) => {
    const user = userEvent.setup();
    render(<TableThatDeletes delayMs={delayMs} />);
    await deleteAndConfirm(user, 'bravo');
    await waitFor(() => expect(screen.queryByRole('row', { name: /bravo/ })).toBeNull());
    await waitFor(() => expect(screen.getByRole('row', { name: /charlie/ })).toHaveFocus());
    // The last row: the one before it.
    await deleteAndConfirm(user, 'charlie');
    await waitFor(() => expect(screen.queryByRole('row', { name: /charlie/ })).toBeNull());
    await waitFor(() => expect(screen.getByRole('row', { name: /alpha/ })).toHaveFocus());
  });

  it('goes back to the toolbar button that was clicked, not the one the toolbar last had focused', async () => {
    const user = userEvent.setup();
    render(<PageWithDeletes />);
    act(() => screen.getByRole('button', { name: 'Add' }).focus());
    await user.tab(); // leaves the toolbar, which remembers 'Add'
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    await cancelWithEscape(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Selected' })).toHaveFocus());
  });
});
