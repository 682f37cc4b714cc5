import type { KnowledgeGap } from '@digital-assistant/sdk';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { LinkButton } from '../Button/Button';
import { formatDateAndTime } from '../DataTable/formatTime';
import { SelectField } from '../Field/Fields';

type GapDepartment = KnowledgeGap['department'];

const DEPARTMENT_LABELS: Record<GapDepartment, string> = {
  knowledge: 'Knowledge',
  it: 'IT',
  devops_preprod: 'DevOps',
  cs_preprod: 'CS',
  pga: 'PGA',
  education: 'Education',
};
const ALL_DEPARTMENTS = 'All departments';
const REASON_TEXTS = { no_document: 'No document answered', thumbs_down: 'Answer voted down' } as const;

/** Props of `KnowledgeGapsList`. */
export interface KnowledgeGapsListProps {
  /** The groups, most people first (the SDK's `listKnowledgeGaps`). */
  groups: readonly KnowledgeGap[];
  /** The department shown (controlled); undefined for every department. */
  department?: KnowledgeGap['department'];
  /** Called with the department chosen; without it the department filter is not shown. */
  onDepartmentChange?: (department: KnowledgeGap['department'] | undefined) => void;
  /** Where "Upload a document" leads for a group, e.g. the Train Bot page with its department chosen. */
  uploadHref: (gap: KnowledgeGap) => string;
  /** While the first answer is awaited. */
  isLoading?: boolean;
  /** Shown when there are no groups. @default 'No knowledge gaps: every question found a document and no answer was voted down.' */
  emptyText?: string;
}

const day = (isoTime: string) => formatDateAndTime(isoTime)?.date ?? isoTime;

/** "2 people asked about “vpn linux”: no document answered". */
export function knowledgeGapSummary(gap: KnowledgeGap): string {
  const reasons = new Set(gap.questions.map((question) => question.reason));
  const why =
    reasons.size > 1
      ? 'no document answered, or answers voted down'
      : reasons.has('thumbs_down')
        ? 'answers voted down'
        : 'no document answered';
  const people = gap.people === 1 ? '1 person' : `${gap.people} people`;
  return `${people} asked about “${gap.label}”: ${why}`;
}

function period(gap: KnowledgeGap): string {
  const first = day(gap.first_asked_at);
  const last = day(gap.last_asked_at);
  return first === last ? first : `${first} – ${last}`;
}

/**
 * The knowledge gaps for the people who maintain the knowledge base: each group of similar questions
 * no document answered (or whose answers were voted down) is a disclosure showing how many people
 * asked, in which department and when; opened, it lists the questions with their dates and why, and
 * offers "Upload a document" for that department.
 */
export function KnowledgeGapsList({
  groups,
  department,
  onDepartmentChange,
  uploadHref,
  isLoading = false,
  emptyText = 'No knowledge gaps: every question found a document and no answer was voted down.',
}: KnowledgeGapsListProps) {
  const departmentOf = (label: string) =>
    (Object.keys(DEPARTMENT_LABELS) as GapDepartment[]).find((key) => DEPARTMENT_LABELS[key] === label);
  return (
    <div className="da-gaps">
      {onDepartmentChange ? (
        <div className="da-gaps-filters">
          <SelectField
            label="Department"
            options={[ALL_DEPARTMENTS, ...Object.values(DEPARTMENT_LABELS)]}
            value={department ? DEPARTMENT_LABELS[department] : ALL_DEPARTMENTS}
            onChange={(label) => onDepartmentChange(departmentOf(label))}
          />
        </div>
      ) : null}
      {isLoading ? (
        <p className="da-gaps-empty" role="status">
          Loading knowledge gaps…
        </p>
      ) : groups.length === 0 ? (
        <p className="da-gaps-empty" role="status">
          {emptyText}
        </p>
      ) : (
        <ul className="da-gaps-list" aria-label="Knowledge gaps">
          {groups.map((gap) => (
            <li key={gap.id} className="da-gap">
              <Disclosure className="da-gap-disclosure">
                <Heading level={2} className="da-gap-heading">
                  <Button slot="trigger" className="da-gap-trigger">
                    <span className="da-gap-summary">
                      <span className="da-gap-chevron" aria-hidden="true" />
                      {knowledgeGapSummary(gap)}
                    </span>
                    <span className="da-gap-meta">
                      {DEPARTMENT_LABELS[gap.department]} ·{' '}
                      {gap.count === 1 ? '1 question' : `${gap.count} questions`} · {period(gap)}
                    </span>
                  </Button>
                </Heading>
                <DisclosurePanel className="da-gap-panel">
                  <ul className="da-gap-questions" aria-label={`Questions about “${gap.label}”`}>
                    {gap.questions.map((question) => (
                      <li key={`${question.asked_at} ${question.question}`} className="da-gap-question">
                        <span className="da-gap-question-text">{question.question}</span>
                        <span className="da-gap-question-meta">
                          <time dateTime={question.asked_at}>{day(question.asked_at)}</time> ·{' '}
                          {REASON_TEXTS[question.reason]}
                        </span>
                      </li>
                    ))}
                  </ul>
                  {gap.count > gap.questions.length ? (
                    <p className="da-gap-more">
                      The newest {gap.questions.length} of {gap.count} questions.
                    </p>
                  ) : null}
                  <LinkButton
                    href={uploadHref(gap)}
                    variant="primary"
                    aria-label={`Upload a document for ${DEPARTMENT_LABELS[gap.department]} about “${gap.label}”`}
                  >
                    Upload a document
                  </LinkButton>
                </DisclosurePanel>
              </Disclosure>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
