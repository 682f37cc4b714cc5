import type { ChatDepartmentName } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ComponentType } from 'react';
import { expect } from 'storybook/test';
import { ChatIntro, type ChatIntroProps } from './ChatConversation';

/** ChatIntroProps without the union (the department only matters for knowledge), for controls. */
interface IntroArgs {
  selection: 'knowledge' | 'openai';
  department?: ChatDepartmentName;
}

const meta = {
  title: 'Chat/ChatIntro',
  component: ChatIntro as ComponentType<IntroArgs>,
  render: (args) => <ChatIntro {...(args as ChatIntroProps)} />,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  decorators: [
    (Story) => (
      <div className="da-chat-empty">
        <Story />
      </div>
    ),
  ],
  args: { selection: 'knowledge', department: 'IT' },
} satisfies Meta<IntroArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A department's knowledge chat: its name and what it is for. */
export const Department: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('IT')).toBeVisible();
    await expect(canvas.getByText('dedicated IT support')).toBeVisible();
  },
};

export const Pga: Story = { args: { selection: 'knowledge', department: 'PGA' } };

/** The general AI chat. */
export const OpenAi: Story = {
  args: { selection: 'openai', department: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('OpenAI GPT')).toBeVisible();
  },
};
