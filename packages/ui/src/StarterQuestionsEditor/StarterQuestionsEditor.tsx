import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../Button/Button';
import { SelectField, TextInputField } from '../Field/Fields';

/** One department's example questions as the editor shows them. */
export interface StarterQuestionsEditorDepartment {
  /** The department's name as people know it, e.g. 'IT'. */
  name: string;
  questions: readonly string[];
  /** No administrator set them: the server's defaults. */
  isDefault: boolean;
}

/** Props of `StarterQuestionsEditor`. */
export interface StarterQuestionsEditorProps {
  /** The departments whose questions may be edited, in the order offered. */
  departments: readonly StarterQuestionsEditorDepartment[];
  /**
   * Saves a department's questions (blank ones left out; an empty list restores the defaults).
   * Resolves whether they were saved; a failure is shown with `errorMessage`.
   */
  onSave: (department: string, questions: string[]) => Promise<boolean>;
  /** Why the last save failed. */
  errorMessage?: string;
  /** @default 6 */
  maxQuestions?: number;
}

/**
 * The administrators' editor of the example questions each department's empty chat offers: choose
 * a department, edit up to six questions, Save; Restore defaults gives it the server's own back.
 * @example
 * <StarterQuestionsEditor departments={[{ name: 'IT', questions: ['How do I connect to the VPN?'], isDefault: true }]} onSave={save} />
 */
export function StarterQuestionsEditor({
  departments,
  onSave,
  errorMessage,
  maxQuestions = 6,
}: StarterQuestionsEditorProps) {
  const headingId = useId();
  const [chosen, setChosen] = useState(departments[0]?.name ?? '');
  const department = departments.find((candidate) => candidate.name === chosen) ?? departments[0];
  const fill = (questions: readonly string[]) =>
    Array.from({ length: maxQuestions }, (_, index) => questions[index] ?? '');
  const [drafts, setDrafts] = useState(() => fill(department?.questions ?? []));
  const [saved, setSaved] = useState('');
  const [isSaving, setSaving] = useState(false);
  const questionsKey = department ? `${department.name}\u0000${department.questions.join('\u0000')}` : '';
  // A department chosen, or its questions answered again by the server: the fields show them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: questionsKey stands for the department's questions
  useEffect(() => {
    setDrafts(fill(department?.questions ?? []));
  }, [questionsKey]);

  const save = async (questions: string[], what: string) => {
    if (!department) return;
    setSaving(true);
    setSaved('');
    const isSaved = await onSave(department.name, questions).finally(() => setSaving(false));
    if (isSaved) setSaved(what);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const questions = drafts.map((draft) => draft.trim()).filter(Boolean);
    void save(questions, `Saved the example questions of ${department?.name}.`);
  };

  if (!department) return null;
  return (
    <section className="da-starter-editor" aria-labelledby={headingId}>
      <h2 id={headingId} className="da-starter-editor-title">
        Example questions
      </h2>
      <p className="da-starter-editor-help">
        Each department’s empty chat offers these; choosing one asks it. Write questions its documents answer.
      </p>
      <form className="da-starter-editor-form" onSubmit={submit}>
        <SelectField
          label="Department"
          options={departments.map((candidate) => candidate.name)}
          value={department.name}
          onChange={(name) => {
            setChosen(name);
            setSaved('');
          }}
        />
        <p className="da-starter-editor-state">
          {department.isDefault ? 'Showing the defaults: no questions set yet.' : 'Set by an administrator.'}
        </p>
        {drafts.map((draft, index) => (
          <TextInputField
            // biome-ignore lint/suspicious/noArrayIndexKey: the fields are numbered slots, never reordered
            key={index}
            label={`Question ${index + 1}`}
            value={draft}
            onChange={(value) =>
              setDrafts((current) => current.map((old, at) => (at === index ? value : old)))
            }
          />
        ))}
        <div className="da-starter-editor-actions">
          <Button type="submit" variant="primary" isDisabled={isSaving}>
            Save questions
          </Button>
          <Button
            isDisabled={isSaving || department.isDefault}
            onPress={() => void save([], `The defaults of ${department.name} are back.`)}
          >
            Restore defaults
          </Button>
        </div>
        <p className="da-starter-editor-status" role="status">
          {saved}
        </p>
        {errorMessage ? (
          <p className="da-starter-editor-error" role="alert">
            {errorMessage}
          </p>
        ) : null}
      </form>
    </section>
  );
}
