import { type ReactNode, useState } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../Button/Button';
import { Sidebar } from '../Sidebar/Sidebar';

export interface SidebarFormProps {
  /** Whether the sidebar is shown. */
  isOpen: boolean;
  /** Closes it; problems are hidden again for the next time it opens. */
  onClose: () => void;
  /** Heading of the sidebar. */
  title: string;
  /** Whether the current values may be submitted. */
  isValid: boolean;
  /** Called when Submit is pressed with valid values. */
  onSubmit: () => void;
  /** Submit shows progress. */
  isSubmitting: boolean;
  /** The fields, told whether to show their problems (only after the first Submit). */
  children: (isValidationShown: boolean) => ReactNode;
}

/** The administration sidebars' shared frame: a Sidebar holding a form with a Submit button. */
export function SidebarForm({
  isOpen,
  onClose,
  title,
  isValid,
  onSubmit,
  isSubmitting,
  children,
}: SidebarFormProps) {
  const [isValidationShown, setValidationShown] = useState(false);
  return (
    <Sidebar
      isOpen={isOpen}
      onClose={() => {
        setValidationShown(false);
        onClose();
      }}
      title={title}
    >
      <Form
        className="da-form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          setValidationShown(true);
          if (isValid) onSubmit();
        }}
      >
        {children(isValidationShown)}
        <div className="da-form-actions">
          <Button type="submit" variant="primary" isPending={isSubmitting}>
            Submit
          </Button>
        </div>
      </Form>
    </Sidebar>
  );
}
