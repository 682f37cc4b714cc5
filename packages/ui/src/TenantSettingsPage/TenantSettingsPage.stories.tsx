import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { TenantSettingsPage } from './TenantSettingsPage';

const meta = {
  title: 'Administration/TenantSettingsPage',
  component: TenantSettingsPage,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof TenantSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Tenant Settings' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/agents');
  },
};
