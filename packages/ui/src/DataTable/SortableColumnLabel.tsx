import type { SortDirection } from '@digital-assistant/react';
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from '../icons/icons';

/** A column header's text with an arrow showing its sort direction. */
export function SortableColumnLabel({ label, direction }: { label: string; direction: SortDirection }) {
  const Icon =
    direction === 'ascending' ? ArrowUpIcon : direction === 'descending' ? ArrowDownIcon : SortIcon;
  return (
    <span className="da-column-label">
      {label}
      <Icon className="da-icon da-sort-icon" data-direction={direction} />
    </span>
  );
}
