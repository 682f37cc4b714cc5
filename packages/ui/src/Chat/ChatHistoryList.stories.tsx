import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { historyWithCurrent } from '../test/chat-fixtures';
import { ChatHistoryList } from './ChatHistoryList';

const meta = {
  title: 'Chat/ChatHistoryList',
  component: ChatHistoryList,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <nav aria-label="Menu" className="da-menu-panel-inner" style={{ width: 265, padding: 8 }}>
        <Story />
      </nav>
    ),
  ],
  args: { items: historyWithCurrent('c-2'), onSelect: fn(), onDelete: fn() },
} satisfies Meta<typeof ChatHistoryList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Conversations by summary label; the current one highlighted; long labels end in an ellipsis. */
export const WithCurrent: Story = {};

/** In knowledge mode the store marks no conversation current: nothing is highlighted. */
export const KnowledgeMode: Story = {
  args: { items: historyWithCurrent(null) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-current]')).toBeNull();
  },
};

/** No conversations yet, with New Topic. */
export const Empty: Story = {
  args: { items: [], onNewTopic: fn() },
};

/** Delete shows on hover or focus and asks before deleting. */
export const DeleteAsksFirst: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const entry = canvas.getByRole('row', { name: 'VPN setup from home' });
    const remove = canvas.getByRole('button', { name: 'Delete chat: VPN setup from home' });
    await expect(getComputedStyle(remove).opacity).toBe('0');
    // Synthetic pointer events do not trigger :hover; keyboard focus shows it the same way.
    entry.focus();
    await expect(getComputedStyle(remove).opacity).toBe('1');
    await userEvent.click(remove);
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
      name: 'Delete',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(args.onDelete).toHaveBeenCalledWith('c-1');
  },
};

/**
 * From the keyboard the list is one Tab stop: Arrow Down and Up move between conversations, Enter
 * opens one, Arrow Right reaches its delete button, and the Delete key asks to delete it.
 */
export const Keyboard: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    canvas.getByRole('row', { name: 'VPN setup from home' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('row', { name: 'Rotating database passwords in pre-prod' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith('c-2');
    await userEvent.keyboard('{ArrowRight}');
    await expect(
      canvas.getByRole('button', { name: 'Delete chat: Rotating database passwords in pre-prod' }),
    ).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{Delete}');
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
      name: 'Delete',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

/** By date: Today, Yesterday, Previous 7 days, Older headings over the conversations. */
export const DateGroups: Story = {
  args: {
    items: historyWithCurrent(null),
    groups: [
      { key: 'today', label: 'Today', items: historyWithCurrent(null).slice(0, 1) },
      { key: 'yesterday', label: 'Yesterday', items: historyWithCurrent(null).slice(1, 2) },
      { key: 'older', label: 'Older', items: historyWithCurrent(null).slice(2) },
    ],
  },
  play: async ({ canvasElement }) => {
    const headings = within(canvasElement)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    await expect(headings).toEqual(['Today', 'Yesterday', 'Older']);
  },
};

/** Searching: the matching conversations, the match marked in the label or a message's snippet. */
export const Searching: Story = {
  args: {
    onSearch: fn(),
    search: {
      query: 'vpn',
      status: 'loaded',
      isSupported: true,
      results: [
        {
          conversationId: 'c-1',
          chipSummary: 'VPN on Linux',
          field: 'title',
          snippet: 'VPN on Linux',
          highlights: [{ start: 0, length: 3 }],
        },
        {
          conversationId: 'c-2',
          chipSummary: 'Laptop will not start',
          field: 'message',
          snippet: '…then the vpn client asks for a certificate again and again',
          highlights: [{ start: 10, length: 3 }],
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('mark')).toHaveLength(2);
  },
};

/** Rename shows beside Delete on hover or focus and asks for the new name in a dialog. */
export const Rename: Story = {
  args: { onRename: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getAllByRole('button', { name: /^Rename chat:/ })[0]!);
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Rename chat' });
    const name = within(dialog).getByRole('textbox');
    await userEvent.clear(name);
    await userEvent.type(name, 'Renamed{Enter}');
    await expect(args.onRename).toHaveBeenCalledWith(expect.any(String), 'Renamed');
  },
};
