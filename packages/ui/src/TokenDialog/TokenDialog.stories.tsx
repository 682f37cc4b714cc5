import { adminMessages } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { StoreWiredTokenDialog } from '../test/examples';
import { sampleToken } from '../test/fixtures';
import { TokenDialog } from './TokenDialog';

const meta = {
  title: 'Administration/TokenDialog',
  component: TokenDialog,
  tags: ['autodocs'],
  args: {
    isOpen: true,
    token: sampleToken,
    message: 'Token generated.',
    isMasked: true,
    onToggleMasked: fn(),
    onCopy: fn(),
    copyNotice: null,
    onClose: fn(),
  },
} satisfies Meta<typeof TokenDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Just generated: the token is masked. */
export const Masked: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', {
      name: 'Token Creation Successful',
    });
    await expect(dialog).not.toHaveTextContent(sampleToken);
  },
};

/** Shown after the toggle. */
export const Shown: Story = {
  args: { isMasked: false },
  play: async ({ canvasElement }) => {
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog');
    await expect(dialog).toHaveTextContent(sampleToken);
  },
};

/** After Copy. */
export const Copied: Story = { args: { copyNotice: adminMessages.tokenCopied } };

/** Driven by the headless token overlay store: show/hide and copy. */
export const Interactive: Story = {
  render: () => <StoreWiredTokenDialog token={sampleToken} writeText={async () => {}} />,
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Show token' }));
    await expect(dialog.getByText(sampleToken)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Copy' }));
    await expect(await dialog.findByRole('status')).toHaveTextContent('Token copied to clipboard!');
  },
};
