import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../test/axe';
import { MultiSelect, type MultiSelectItem } from './MultiSelect';

const items: MultiSelectItem[] = [
  { id: 'chat', label: 'chat' },
  { id: 'chatgpt', label: 'chatgpt' },
  { id: 'search', label: 'search' },
  { id: 'train', label: 'train' },
  { id: 'token_creator', label: 'token creator' },
];

function Controlled({ onChange, initial = [] }: { onChange?: (keys: string[]) => void; initial?: string[] }) {
  const [selected, setSelected] = useState<string[]>(initial);
  return (
    <MultiSelect
      label="Features"
      items={items}
      selectedKeys={selected}
      onSelectionChange={(keys) => {
        setSelected(keys);
        onChange?.(keys);
      }}
      maxChipCount={2}
    />
  );
}

describe('MultiSelect', () => {
  it("shows the placeholder 'Select' when nothing is chosen", () => {
    render(<Controlled />);
    expect(screen.getByRole('button', { name: /Features/ })).toHaveTextContent('Select');
  });

  it('names the first chosen options and counts the rest', () => {
    render(<Controlled initial={['chat', 'search', 'train']} />);
    const trigger = screen.getByRole('button', { name: /Features/ });
    expect(trigger).toHaveTextContent('chat');
    expect(trigger).toHaveTextContent('search');
    expect(trigger).toHaveTextContent('+1 more');
  });

  it('filters the options by the search text and toggles several of them', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /Features/ }));
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toHaveAttribute('aria-multiselectable', 'true');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'chat');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2);
    await user.click(screen.getByRole('option', { name: 'chatgpt' }));
    expect(onChange).toHaveBeenLastCalledWith(['chatgpt']);
    await user.click(screen.getByRole('option', { name: 'chat' }));
    expect(onChange).toHaveBeenLastCalledWith(['chatgpt', 'chat']);
    expect(screen.getByRole('option', { name: 'chat' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows an error message and marks the field invalid', () => {
    render(
      <MultiSelect
        label="Users"
        items={items}
        selectedKeys={[]}
        onSelectionChange={() => {}}
        errorMessage="Select at least one user."
      />,
    );
    expect(screen.getByText('Select at least one user.')).toBeInTheDocument();
  });

  it('has no accessibility violations, closed and open', async () => {
    const user = userEvent.setup();
    render(
      <main>
        <Controlled initial={['chat']} />
      </main>,
    );
    expect(await accessibilityViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Features/ }));
    await screen.findByRole('listbox');
    expect(await accessibilityViolations()).toEqual([]);
  });
});
