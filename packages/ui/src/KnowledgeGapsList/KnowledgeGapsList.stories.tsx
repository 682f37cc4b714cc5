import type { KnowledgeGap } from '@digital-assistant/sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sampleGaps } from './fixtures';
import { KnowledgeGapsList, type KnowledgeGapsListProps } from './KnowledgeGapsList';

function Filterable(props: KnowledgeGapsListProps) {
  const [department, setDepartment] = useState<KnowledgeGap['department'] | undefined>(props.department);
  return (
    <KnowledgeGapsList
      {...props}
      groups={props.groups.filter((gap) => !department || gap.department === department)}
      department={department}
      onDepartmentChange={(next) => {
        setDepartment(next);
        props.onDepartmentChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'Administration/KnowledgeGapsList',
  component: KnowledgeGapsList,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  render: (args) => <Filterable {...args} />,
  args: {
    groups: sampleGaps,
    onDepartmentChange: fn(),
    uploadHref: (gap) => `/train-bot?department=${gap.department}`,
  },
} satisfies Meta<typeof KnowledgeGapsList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {};

/** The first group opened from the keyboard: its questions, dates and the upload link. */
export const Opened: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole('button', { name: /12 people asked about “vpn linux”/ });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('VPN on Ubuntu does not connect')).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Upload a document for IT/ })).toHaveAttribute(
      'href',
      '/train-bot?department=it',
    );
  },
};

/** Education's gaps only (department filter). */
export const FilteredToEducation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Department/ }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('option', { name: 'Education' }));
    await expect(args.onDepartmentChange).toHaveBeenLastCalledWith('education');
    await expect(canvas.getAllByRole('heading')).toHaveLength(1);
  },
};

export const Empty: Story = { args: { groups: [] } };

export const Loading: Story = { args: { groups: [], isLoading: true } };
