/**
 * The Train Bot page's editor of the example questions each department's empty chat offers
 * (administrators: `train`). Hidden on a server without the extension.
 */
import {
  CHAT_DEPARTMENTS,
  type ChatDepartmentName,
  useSetStarterQuestions,
  useStarterQuestions,
} from '@digital-assistant/react';
import { StarterQuestionsEditor } from '@digital-assistant/ui';
import { useState } from 'react';

export function StarterQuestionsSection() {
  const { forDepartment, departments, isSupported } = useStarterQuestions();
  const setQuestions = useSetStarterQuestions();
  const [errorMessage, setErrorMessage] = useState<string>();
  if (!isSupported) return null;
  const editable = CHAT_DEPARTMENTS.flatMap((department) => {
    const entry = departments.find((candidate) => candidate.department === (department.code ?? 'knowledge'));
    return entry
      ? [{ name: department.name, questions: forDepartment(department.name), isDefault: entry.is_default }]
      : [];
  });
  return (
    <StarterQuestionsEditor
      departments={editable}
      errorMessage={errorMessage}
      onSave={async (department, questions) => {
        setErrorMessage(undefined);
        try {
          const result = await setQuestions.mutateAsync({
            department: department as ChatDepartmentName,
            questions,
          });
          return !result.unsupported;
        } catch (error) {
          setErrorMessage(error instanceof Error ? error.message : 'The questions could not be saved.');
          return false;
        }
      }}
    />
  );
}
