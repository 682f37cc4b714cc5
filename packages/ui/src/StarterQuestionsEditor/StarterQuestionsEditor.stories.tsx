import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { StarterQuestionsEditor } from './StarterQuestionsEditor';

const meta = {
  title: 'Knowledge/StarterQuestionsEditor',
  component: StarterQuestionsEditor,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <main style={{ padding: 24 }}>
        <Story />
      </main>
    ),
  ],
  args: {
    departments: [
      {
        name: 'Knowledge',
        questions: ['How many days of holiday do I get?', 'What are the core hours?'],
        isDefault: true,
      },
      { name: 'IT', questions: ['How do I connect to the VPN from home?'], isDefault: false },
    ],
    onSave: fn(async () => true),
  },
} satisfies Meta<typeof StarterQuestionsEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first department's defaults, ready to edit. */
export const Defaults: Story = {};

/** An administrator adds a question and saves; the editor says so. */
export const Saving: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Question 3' }),
      'Can I carry over unused leave?',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Save questions' }));
    await expect(args.onSave).toHaveBeenCalledWith('Knowledge', [
      'How many days of holiday do I get?',
      'What are the core hours?',
      'Can I carry over unused leave?',
    ]);
    await expect(canvas.getByRole('status')).toHaveTextContent('Saved the example questions of Knowledge.');
  },
};

/** A save the server refused. */
export const Failed: Story = {
  args: { onSave: fn(async () => false), errorMessage: 'You may not change the example questions.' },
};
