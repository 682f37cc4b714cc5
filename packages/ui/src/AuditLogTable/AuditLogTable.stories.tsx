import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { sampleAuditEvents } from '../test/fixtures';
import { AuditLogTable, type AuditLogTableProps } from './AuditLogTable';

function Filterable(props: AuditLogTableProps) {
  const [actor, setActor] = useState(props.actorFilter);
  const events = props.events.filter((event) => event.actor.includes(actor));
  return (
    <AuditLogTable
      {...props}
      events={events}
      actorFilter={actor}
      onActorFilterChange={(value) => {
        setActor(value);
        props.onActorFilterChange(value);
      }}
    />
  );
}

const meta = {
  title: 'Administration/AuditLogTable',
  component: AuditLogTable,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  render: (args) => <Filterable {...args} />,
  args: {
    events: sampleAuditEvents,
    actorFilter: '',
    onActorFilterChange: fn(),
    formatTime: (iso: string) => iso.replace('T', ' ').slice(0, 16),
  },
} satisfies Meta<typeof AuditLogTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};

/** Filtered by who acted. */
export const FilteredByActor: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Filter by actor' }), 'ops@');
    await expect(args.onActorFilterChange).toHaveBeenLastCalledWith('ops@');
    await expect(canvas.getAllByRole('row')).toHaveLength(3);
  },
};

export const Empty: Story = { args: { events: [] } };
export const Loading: Story = { args: { events: [], isLoading: true } };
export const ErrorState: Story = { name: 'Error', args: { error: 'Error fetching audit log.' } };
