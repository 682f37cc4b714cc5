import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { UploadIcon } from '../icons/icons';
import { LinkButton } from './Button';

const meta = {
  title: 'Foundation/LinkButton',
  component: LinkButton,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  args: { href: '/codereview', variant: 'primary', children: 'Upload' },
} satisfies Meta<typeof LinkButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A link that looks like a button: it navigates, so it is a link for assistive technology. */
export const Primary: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/codereview');
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', href: '/status', children: 'View file status' },
};

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <UploadIcon />
        Upload
      </>
    ),
  },
};

/** Disabled: shown but not followable (the ELK card while it is coming soon). */
export const Disabled: Story = {
  args: { isDisabled: true, href: '/elk', children: 'Chat' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-disabled', 'true');
  },
};
