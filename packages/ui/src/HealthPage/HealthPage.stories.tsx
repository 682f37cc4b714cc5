import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { HealthPage } from './HealthPage';

const meta = {
  title: 'Foundation/HealthPage',
  component: HealthPage,
  tags: ['autodocs'],
} satisfies Meta<typeof HealthPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Pong: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('pong!')).toBeVisible();
  },
};
