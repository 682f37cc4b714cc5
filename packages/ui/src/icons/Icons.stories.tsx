import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChatIcon, CloseIcon } from './icons';

const meta = {
  title: 'Foundation/Icons',
  component: ChatIcon,
  subcomponents: { CloseIcon },
  parameters: { layout: 'centered' },
  args: { width: 32, height: 32 },
} satisfies Meta<typeof ChatIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The chat bubble (the widget's launcher). Decorative: the button around it carries the name. */
export const Chat: Story = {};
/** Close (panels, dialogs, the widget's launcher while open). */
export const Close: Story = { render: (args) => <CloseIcon {...args} /> };
