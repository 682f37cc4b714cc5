import type { ReactNode } from 'react';
import { AlertIcon, InfoIcon, SpinnerIcon } from '../icons/icons';

/** What a table shows instead of rows. */
export type TableStateKind = 'loading' | 'error' | 'empty';

/** Props of `TableStateMessage`. */
export interface TableStateMessageProps {
  /** loading: a spinner (role=status); error: role=alert; empty: a plain note. */
  state: TableStateKind;
  /** The text. */
  children: ReactNode;
  /** An action under the text, e.g. a Retry button. */
  action?: ReactNode;
}

const icons = { loading: SpinnerIcon, error: AlertIcon, empty: InfoIcon } as const;

/** The empty, loading or error state of a table, shown in place of its rows. */
export function TableStateMessage({ state, children, action }: TableStateMessageProps) {
  const Icon = icons[state];
  const role = state === 'error' ? 'alert' : state === 'loading' ? 'status' : undefined;
  return (
    <div className="da-table-state" data-state={state} role={role}>
      <Icon />
      <div>{children}</div>
      {action}
    </div>
  );
}
