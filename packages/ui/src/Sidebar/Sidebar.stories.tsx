import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { sampleFeatures } from '../test/fixtures';
import { Sidebar, type SidebarProps } from './Sidebar';

/** A page with a button that opens the sidebar; closing it reports and hides it. */
function WithOpener(props: SidebarProps) {
  const [isOpen, setOpen] = useState(props.isOpen);
  return (
    <div style={{ padding: 24 }}>
      <Button onPress={() => setOpen(true)}>Open {props.title}</Button>
      <Sidebar
        {...props}
        isOpen={isOpen}
        onClose={() => {
          setOpen(false);
          props.onClose();
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Foundation/Sidebar',
  component: Sidebar,
  tags: ['autodocs'],
  render: (args) => <WithOpener {...args} />,
  args: {
    isOpen: true,
    onClose: fn(),
    title: 'Add User',
    children: <p>The sidebar's body, usually a form.</p>,
  },
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Open: a modal dialog named by its heading; Close closes it. */
export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Add User' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
  },
};

/** Escape closes it too, and focus goes back to what opened it. */
export const ClosedByEscape: Story = {
  args: { isOpen: false },
  play: async ({ canvas, canvasElement, args }) => {
    const opener = canvas.getByRole('button', { name: 'Open Add User' });
    await userEvent.click(opener);
    await body(canvasElement).findByRole('dialog', { name: 'Add User' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
    await expect(args.onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** A form taller than the window scrolls inside the sidebar. */
export const LongContent: Story = {
  args: {
    title: 'Role group features',
    children: (
      <fieldset style={{ display: 'grid', gap: 8, border: 0, padding: 0 }}>
        <legend>Features</legend>
        {sampleFeatures.concat(sampleFeatures, sampleFeatures).map((feature, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list with repeated names
          <label key={index}>
            <input type="checkbox" /> {feature}
          </label>
        ))}
      </fieldset>
    ),
  },
};
