import type { ChatDepartmentName, ChatSelection } from '@digital-assistant/react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { HeaderSelector, type HeaderSelectorProps } from './HeaderSelector';

/** The selector with its own state, as the chat store would hold it. */
function Interactive(props: HeaderSelectorProps) {
  const [selection, setSelection] = useState<ChatSelection>(props.selection);
  const [department, setDepartment] = useState<ChatDepartmentName>(props.department);
  return (
    <HeaderSelector
      {...props}
      selection={selection}
      department={department}
      onSelectionChange={(next) => {
        setSelection(next);
        props.onSelectionChange(next);
      }}
      onDepartmentChange={(next) => {
        setDepartment(next);
        setSelection('knowledge');
        props.onDepartmentChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Chat/HeaderSelector',
  component: HeaderSelector,
  tags: ['autodocs'],
  render: (args) => <Interactive {...args} />,
  decorators: [
    (Story) => (
      <header style={{ padding: 16 }}>
        <Story />
      </header>
    ),
  ],
  args: {
    selection: 'knowledge',
    department: 'Knowledge',
    canUsePga: false,
    onSelectionChange: fn(),
    onDepartmentChange: fn(),
  },
} satisfies Meta<typeof HeaderSelector>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Knowledge mode, Knowledge department. */
export const Knowledge: Story = {};

/** OpenAI GPT selected. */
export const OpenAi: Story = {
  args: { selection: 'openai' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'OpenAI GPT' })).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Hovering Internal Knowledge shows the departments (262px) with their descriptions; no PGA for staff. */
export const DepartmentsOnHover: Story = {
  args: { department: 'IT' },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.hover(canvas.getByRole('button', { name: /Internal Knowledge/ }));
    const body = within(canvasElement.ownerDocument.body);
    const menu = await body.findByRole('menu', { name: 'Departments' });
    await waitFor(() => expect(menu.closest('.da-popover')?.getBoundingClientRect().width).toBe(262));
    await expect(within(menu).queryByRole('menuitemradio', { name: /PGA/ })).toBeNull();
    await expect(menu).toHaveTextContent('dedicated IT support');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: /Education/ }));
    await expect(args.onDepartmentChange).toHaveBeenCalledWith('Education');
  },
};

/** A user with the PGA capability also sees PGA. */
export const WithPga: Story = {
  args: { canUsePga: true, department: 'PGA' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.hover(canvas.getByRole('button', { name: /Internal Knowledge/ }));
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await expect(within(menu).getByRole('menuitemradio', { name: /PGA/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  },
};

/** From the keyboard: Arrow Down opens the list on the current department, Enter chooses. */
export const Keyboard: Story = {
  args: { department: 'CS' },
  play: async ({ canvas, canvasElement, args }) => {
    canvas.getByRole('button', { name: /Internal Knowledge/ }).focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitemradio', { name: /CS/ })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onDepartmentChange).toHaveBeenCalledWith('Education');
  },
};
