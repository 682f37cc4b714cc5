import type { Meta, StoryObj } from '@storybook/react-vite';
import axe from 'axe-core';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { sampleFeatures, sampleProfiles } from '../test/fixtures';
import { MultiSelect, type MultiSelectProps } from './MultiSelect';

const items = sampleFeatures.map((feature) => ({ id: feature, label: feature.replaceAll('_', ' ') }));

function Controlled(props: MultiSelectProps) {
  const [selected, setSelected] = useState<string[]>([...props.selectedKeys]);
  return (
    <div style={{ width: 340 }}>
      <MultiSelect
        {...props}
        selectedKeys={selected}
        onSelectionChange={(keys) => {
          setSelected(keys);
          props.onSelectionChange(keys);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Administration/MultiSelect',
  component: MultiSelect,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
  render: (args) => <Controlled {...args} />,
  args: { label: 'Features', items, selectedKeys: [], onSelectionChange: fn(), visibleItemCount: 8 },
} satisfies Meta<typeof MultiSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen: the placeholder 'Select'. */
export const Placeholder: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Select/ })).toBeVisible();
  },
};

/** Five chosen: three named, then '+2 more'. */
export const WithSelection: Story = {
  args: { selectedKeys: ['chat', 'chatgpt', 'search', 'train', 'elk_chat'] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('+2 more')).toBeVisible();
  },
};

/** Open, searched and picked with the keyboard-friendly list. */
export const SearchAndPick: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Features/ }));
    const body = within(canvasElement.ownerDocument.body);
    const search = await body.findByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, 'role');
    await waitFor(() => expect(body.getAllByRole('option')).toHaveLength(4));
    await userEvent.click(body.getByRole('option', { name: 'role group view' }));
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(['role_group_view']);
  },
};

export const Invalid: Story = {
  args: { errorMessage: 'Select at least one user.', label: 'Users' },
};

/** How many options of the open list are wholly in view, and whether the next one is out of it. */
function visibleOptions(document: Document) {
  const area = document.querySelector('.da-multiselect-scroll-area') as HTMLElement;
  const search = (area.querySelector('.da-multiselect-search') as HTMLElement).getBoundingClientRect();
  const view = area.getBoundingClientRect();
  const boxes = [...area.querySelectorAll('[role="option"]')].map((option) => option.getBoundingClientRect());
  const inView = boxes.filter((box) => box.top >= search.bottom - 0.5 && box.bottom <= view.bottom + 0.5);
  return { count: inView.length, total: boxes.length };
}

/** The two rules the walkthrough found failing on the open lists, checked on the popover itself. */
async function listViolations(document: Document) {
  const popover = document.querySelector('.da-multiselect-popover') as HTMLElement;
  const results = await axe.run(popover, {
    runOnly: [
      'label-content-name-mismatch',
      'scrollable-region-focusable',
      'aria-allowed-attr',
      'nested-interactive',
    ],
  });
  return results.violations.map((violation) => violation.id);
}

/** The role group sidebar's list: 8 features in view (spec section 9), then it scrolls. */
export const EightFeaturesInView: Story = {
  args: { visibleItemCount: 8 },
  play: async ({ canvas, canvasElement }) => {
    const document = canvasElement.ownerDocument;
    await userEvent.click(canvas.getByRole('button', { name: /Features/ }));
    await within(document.body).findByRole('listbox');
    await waitFor(() => expect(visibleOptions(document)).toEqual({ count: 8, total: sampleFeatures.length }));
    await expect(await listViolations(document)).toEqual([]);
  },
};

/** The Modify User Roles list: 6 users in view (spec section 9), each with its e-mail under the name. */
export const SixUsersInView: Story = {
  args: {
    label: 'Users',
    visibleItemCount: 6,
    items: sampleProfiles(20).map((profile) => ({
      id: profile.email,
      label: profile.name,
      description: profile.email,
    })),
  },
  play: async ({ canvas, canvasElement }) => {
    const document = canvasElement.ownerDocument;
    await userEvent.click(canvas.getByRole('button', { name: /Users/ }));
    const body = within(document.body);
    await body.findByRole('listbox');
    await waitFor(() => expect(visibleOptions(document)).toEqual({ count: 6, total: 20 }));
    await expect(await listViolations(document)).toEqual([]);
    // Going down with the keyboard keeps the active option in view, below the search field.
    for (let press = 0; press < 9; press++) await userEvent.keyboard('{ArrowDown}');
    const active = body.getAllByRole('option')[8] as HTMLElement; // the first press reaches the first option
    await waitFor(() => expect(active).toHaveAttribute('data-focused', 'true'));
    const search = (document.querySelector('.da-multiselect-search') as HTMLElement).getBoundingClientRect();
    const area = (
      document.querySelector('.da-multiselect-scroll-area') as HTMLElement
    ).getBoundingClientRect();
    await waitFor(() => {
      const box = active.getBoundingClientRect();
      expect(box.top).toBeGreaterThanOrEqual(search.bottom - 0.5);
      expect(box.bottom).toBeLessThanOrEqual(area.bottom + 0.5);
    });
  },
};
