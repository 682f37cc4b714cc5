import type { Meta, StoryObj } from '@storybook/react-vite';
import { Logo } from './Logo';

const meta = {
  title: 'Foundation/Logo',
  component: Logo,
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Decorative, beside the product's name. */
export const Decorative: Story = {};
/** On its own, with an accessible name. */
export const Labelled: Story = { args: { size: 64, 'aria-label': 'Digital Assistant' } };
