import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { AnswerSources, type AnswerSourcesEntry } from './AnswerSources';

const guide: AnswerSourcesEntry = {
  ids: ['1', '3'],
  isRemoved: false,
  source: {
    context: 'Open the GlobalProtect client.',
    references: ['/api/knowledge/documents/passage?id=d1&g=1&chunk=3#passage'],
    document: 'it-onboarding-vpn-guide.md',
    location: 'Installing the VPN client',
    link: '/api/knowledge/documents/passage?id=d1&g=1&chunk=3#passage',
  },
};
const report: AnswerSourcesEntry = {
  ids: ['2'],
  isRemoved: false,
  source: {
    context: 'Revenue grew.',
    references: ['/api/knowledge/documents/file?id=d2#page=3'],
    document: 'quarterly-report.pdf',
    location: 'page 3',
    link: '/api/knowledge/documents/file?id=d2#page=3',
  },
};
const deck: AnswerSourcesEntry = {
  ids: ['4'],
  isRemoved: false,
  source: {
    context: 'Service desk hours.',
    references: ['/api/knowledge/documents/passage?id=d3&g=1&chunk=0#passage'],
    document: 'IT service desk.pptx',
    location: 'slide 4 · Opening hours',
    link: '/api/knowledge/documents/passage?id=d3&g=1&chunk=0#passage',
  },
};

const meta = {
  title: 'Chat/AnswerSources',
  component: AnswerSources,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <main style={{ padding: 24, maxWidth: 640 }}>
        <Story />
      </main>
    ),
  ],
  args: { entries: [guide, report, deck] },
} satisfies Meta<typeof AnswerSources>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each cited document once, in citation order, with its page or slide, opening at the passage. */
export const Cited: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /quarterly-report\.pdf, page 3/ })).toHaveAttribute(
      'href',
      '/api/knowledge/documents/file?id=d2#page=3',
    );
  },
};

/** A document deleted since the answer: named, marked removed, not linked. */
export const Removed: Story = {
  args: { entries: [guide, { ...report, isRemoved: true }] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: /quarterly-report/ })).toBeNull();
    await expect(canvas.getByText('removed')).toBeVisible();
  },
};

/** An answer citing nothing draws no list. */
export const Empty: Story = { args: { entries: [] } };
