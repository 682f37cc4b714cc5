import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { sampleAuditEvents } from '../test/fixtures';
import { AuditLogTable } from './AuditLogTable';

describe('AuditLogTable', () => {
  it('shows when, who, what and target for each change, in the given order', () => {
    render(
      <AuditLogTable
        events={sampleAuditEvents}
        actorFilter=""
        onActorFilterChange={() => {}}
        formatTime={(iso) => iso.slice(0, 10)}
      />,
    );
    for (const name of ['When', 'Who', 'What', 'Target']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveTextContent('2026-11-02admin@example.comtoken.createadmin@example.com');
    expect(rows[0]?.querySelector('time')).toHaveAttribute('dateTime', '2026-11-02T09:42:00Z');
  });

  it('reports the actor filter as it is typed', async () => {
    const user = userEvent.setup();
    const onActorFilterChange = vi.fn();
    render(<AuditLogTable events={[]} actorFilter="" onActorFilterChange={onActorFilterChange} />);
    await user.type(screen.getByRole('searchbox', { name: 'Filter by actor' }), 'o');
    expect(onActorFilterChange).toHaveBeenCalledWith('o');
  });

  it('says when nobody matches the filter', () => {
    render(<AuditLogTable events={[]} actorFilter="zed" onActorFilterChange={() => {}} />);
    expect(screen.getByText('No changes by "zed".')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    render(
      <main>
        <AuditLogTable events={sampleAuditEvents} actorFilter="" onActorFilterChange={() => {}} />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
  });
});
