import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { itSources } from '../test/chat-fixtures';
import { CitationChip } from './CitationChip';
import { citationPreview } from './citationPreview';

const meta = {
  title: 'Chat/CitationChip',
  component: CitationChip,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
  decorators: [
    (Story) => (
      <p style={{ padding: 80 }}>
        Approve the push notification on your phone <Story />
      </p>
    ),
  ],
  args: { citation: citationPreview('2', itSources['2']!) },
} satisfies Meta<typeof CitationChip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A source with a link opens it in a new tab; focusing (or hovering) it previews document, page and passage. */
export const WithLink: Story = {
  play: async ({ canvas, canvasElement }) => {
    const chip = canvas.getByRole('link', { name: /Source 2: vpn-troubleshooting\.pdf, Page 3/ });
    await expect(chip).toHaveAttribute('target', '_blank');
    await userEvent.tab();
    await expect(chip).toHaveFocus();
    const tooltip = await within(canvasElement.ownerDocument.body).findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('portal unreachable');
  },
};

/** A source with no link is a button; focusing it shows the preview too. */
export const WithoutLink: Story = {
  args: { citation: citationPreview('3', itSources['3']!) },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /Source 3/ })).toHaveFocus();
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).getByRole('tooltip')).toBeVisible());
  },
};

/** The question's words, marked by the server with `**`, in bold. */
export const HighlightedSnippet: Story = {
  args: {
    citation: {
      id: '1',
      document: 'it-onboarding-vpn-guide.md',
      location: 'IT onboarding › VPN',
      snippet:
        'To connect to the **VPN**, open the GlobalProtect client and enter **vpn.example.com** as the portal…',
      references: ['it-onboarding-vpn-guide.md'],
    },
  },
};
