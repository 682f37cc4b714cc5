/**
 * /knowledge-gaps (administrators): the knowledge questions no document answered, or whose answers
 * were voted down, grouped per department by similar wording; each group's "Upload a document" opens
 * Train Bot with its department chosen.
 */
import { useKnowledgeGaps } from '@digital-assistant/react';
import type { KnowledgeGap } from '@digital-assistant/sdk';
import { KnowledgeGapsList } from '@digital-assistant/ui';
import { useState } from 'react';

export function KnowledgeGapsScreen() {
  const [department, setDepartment] = useState<KnowledgeGap['department'] | undefined>();
  const gaps = useKnowledgeGaps(department ? { department } : {});
  if (gaps.isSupported === false) {
    return <p>This server does not report knowledge gaps.</p>;
  }
  return (
    <div className="app-page-stack">
      <p className="app-tab-intro">
        Questions that no document answered, or whose answers were voted down, grouped by similar wording in
        each department. Who asked is not shown.
      </p>
      {gaps.error ? (
        <p className="app-not-available" role="alert">
          Error fetching knowledge gaps. {gaps.error.message}
        </p>
      ) : null}
      <KnowledgeGapsList
        groups={gaps.groups}
        department={department}
        onDepartmentChange={setDepartment}
        uploadHref={(gap) => `/train-bot?department=${gap.department}`}
        isLoading={gaps.isLoading}
      />
    </div>
  );
}
