import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { PythonCode } from './PythonCode';

const meta = {
  title: 'Code review/PythonCode',
  component: PythonCode,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 760 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    startLine: 12,
    code: `async def fetch_pages(session, urls):
    """Fetch every page once."""
    pages = []
    for url in urls:
        if url not in SEEN:
            SEEN.add(url)
            pages.append(await session.get(url))
    return pages`,
  },
} satisfies Meta<typeof PythonCode>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Highlighted once the highlighter has loaded (plain text until then). */
export const Highlighted: Story = {
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.hljs-keyword')).not.toBeNull(), {
      timeout: 10_000,
    });
  },
};

export const WithoutStartLine: Story = { args: { startLine: undefined } };

/** A long line scrolls sideways. */
export const LongLine: Story = {
  args: {
    code: 'result = compute_quarterly_totals(tenant_id=tenant.id, region=environment.region, machine_type=environment.machine_type, include_archived=False)',
  },
};
