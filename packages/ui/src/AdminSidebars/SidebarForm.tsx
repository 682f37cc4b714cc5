import type { FormValidation } from '@digital-assistant/react';
import { type ReactNode, useState } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../Button/Button';
import { SelectField } from '../Field/Fields';
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

/** Props of `ValidatedSidebarForm`: a user form's sidebar, its value checked by `validate`. */
export interface ValidatedSidebarFormProps<Value extends object> {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  value: Value;
  validate: (value: Value) => FormValidation<keyof Value & string>;
  /** Called with the value when Submit is pressed and it is valid. */
  onSubmit: (value: Value) => void;
  isSubmitting?: boolean;
  /** The fields, given the problems to show (none before the first Submit). */
  children: (shown: FormValidation<keyof Value & string>['errors']) => ReactNode;
}

/** A `SidebarForm` whose Submit sends `value` once `validate` finds no problem. */
export function ValidatedSidebarForm<Value extends object>({
  value,
  validate,
  onSubmit,
  isSubmitting = false,
  children,
  ...frame
}: ValidatedSidebarFormProps<Value>) {
  const { isValid, errors } = validate(value);
  return (
    <SidebarForm {...frame} isValid={isValid} onSubmit={() => onSubmit(value)} isSubmitting={isSubmitting}>
      {(isValidationShown) => children(isValidationShown ? errors : {})}
    </SidebarForm>
  );
}

/** The required role group select of the user sidebars. */
export function RoleSelectField({
  roles,
  value,
  onChange,
  errorMessage,
}: {
  roles: readonly string[];
  value: string;
  onChange: (role: string) => void;
  errorMessage: string | undefined;
}) {
  return (
    <SelectField
      label="Role"
      name="role"
      isRequired
      options={roles}
      value={value}
      onChange={onChange}
      errorMessage={errorMessage}
    />
  );
}
