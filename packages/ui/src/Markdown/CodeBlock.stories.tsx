import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, userEvent, waitFor } from 'storybook/test';
import { CodeBlock } from './CodeBlock';

const meta = {
  title: 'Chat/CodeBlock',
  component: CodeBlock,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    language: 'bash',
    code: 'kubectl create secret generic db-password \\\n  --from-literal=password="$NEW_PASSWORD" --dry-run=client -o yaml | kubectl apply -f -',
  },
} satisfies Meta<typeof CodeBlock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The fence's language, and Copy, which reads Copied once the code is on the clipboard. */
export const WithLanguage: Story = {
  beforeEach() {
    // A test's synthetic click is no user gesture, which the real clipboard requires.
    const writeText = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    return () => writeText.mockRestore();
  },
  play: async ({ canvas, args }) => {
    const copy = canvas.getByRole('button', { name: 'Copy bash code' });
    await userEvent.click(copy);
    await waitFor(() => expect(copy).toHaveTextContent('Copied'));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(args.code);
  },
};

/** A fence without a language says 'code'. */
export const WithoutLanguage: Story = {
  args: { language: undefined, code: 'GET /api/knowledge/documents' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('code')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Copy code' })).toBeVisible();
  },
};

/** A long line scrolls inside the block, which keyboard users can focus to scroll. */
export const LongLine: Story = {
  args: {
    language: 'sql',
    code: 'SELECT tenants.id, tenants.name, environments.region, environments.machine_type, environments.total_memory_gb, metrics.cpu_p95, metrics.memory_p95 FROM tenants JOIN environments ON environments.tenant_id = tenants.id JOIN metrics ON metrics.environment_id = environments.id;',
  },
  play: async ({ canvasElement }) => {
    const body = canvasElement.querySelector('.da-code-block-body') as HTMLElement;
    await expect(body.scrollWidth).toBeGreaterThan(body.clientWidth);
    await expect(body).toHaveAttribute('tabindex', '0');
  },
};
