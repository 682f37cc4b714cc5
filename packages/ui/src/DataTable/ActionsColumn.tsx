import { Column } from 'react-aria-components';

/** The header of a table's per-row buttons: named 'Actions' for screen readers only. */
export function ActionsColumn() {
  return (
    <Column className="da-table-column da-table-actions-column">
      <span className="da-visually-hidden">Actions</span>
    </Column>
  );
}
