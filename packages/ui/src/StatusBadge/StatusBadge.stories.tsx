import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CheckIcon, SpinnerIcon } from '../icons/icons';
import { StatusBadge } from './StatusBadge';

const meta = {
  title: 'Foundation/StatusBadge',
  component: StatusBadge,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  args: { tone: 'success', hasDot: true, children: 'Active' },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A state that holds: a token or a user that is active, a document that is ready. */
export const Success: Story = {};
/** Failed, revoked or not ready. */
export const ErrorTone: Story = { name: 'Error', args: { tone: 'error', hasDot: false, children: 'Failed' } };
/** Still on its way, with a spinner. */
export const Progress: Story = {
  args: { tone: 'progress', hasDot: false, icon: <SpinnerIcon />, children: 'Processing' },
};
/** Information: nothing went wrong. */
export const Info: Story = { args: { tone: 'info', hasDot: false, children: 'No text to index' } };
/** Something for a person to do. */
export const Action: Story = { args: { tone: 'action', hasDot: false, children: 'Convert to .pptx' } };
/** No longer in force. */
export const Muted: Story = { args: { tone: 'muted', children: 'Expired' } };
/** With an icon: a finished code review. */
export const WithIcon: Story = {
  args: { tone: 'success', hasDot: false, icon: <CheckIcon />, children: 'Done' },
};

/** Every tone side by side: each reads in its own colours. */
export const AllTones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <StatusBadge tone="success" hasDot>
        Active
      </StatusBadge>
      <StatusBadge tone="error">Failed</StatusBadge>
      <StatusBadge tone="progress" icon={<SpinnerIcon />}>
        Processing
      </StatusBadge>
      <StatusBadge tone="info">No text to index</StatusBadge>
      <StatusBadge tone="action">Convert to .pptx</StatusBadge>
      <StatusBadge tone="muted" hasDot>
        Expired
      </StatusBadge>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const names = ['Active', 'Failed', 'Processing', 'No text to index', 'Convert to .pptx', 'Expired'];
    const looks = names.map((name) => {
      const style = getComputedStyle(canvas.getByText(name));
      return `${style.backgroundColor} ${style.color} ${style.boxShadow}`;
    });
    await expect(new Set(looks).size).toBe(names.length);
  },
};
