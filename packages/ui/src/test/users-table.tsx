// The Users table on its own for tests (not exported from the package).

import { UNSORTED, type UserRow } from '@digital-assistant/react';
import { type RenderResult, render } from '@testing-library/react';
import { UsersTable, type UsersTableProps } from '../UsersTable/UsersTable';

/** Renders a Users table of `rows`, unsorted and with nothing selected, then `props` over that. */
export function renderUsersTable(rows: UserRow[], props: Partial<UsersTableProps> = {}): RenderResult {
  return render(
    <UsersTable
      rows={rows}
      sort={UNSORTED}
      onSortChange={() => {}}
      selectedEmails={[]}
      onSelectionChange={() => {}}
      {...props}
    />,
  );
}
