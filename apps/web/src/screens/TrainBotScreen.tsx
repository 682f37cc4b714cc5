/**
 * /train-bot: the Train Bot screen (spec route table: guarded). The same uploader as the landing
 * card's window, on the page; the success window follows an upload. People whose role lacks the
 * `train` feature are told so instead of being offered an upload the server would refuse.
 * `?department=<id>` chooses that department (Knowledge Gaps links here).
 */
import { KNOWLEDGE_DEPARTMENTS, useSession, useTrainingUpload } from '@digital-assistant/react';
import { LinkButton, PageHeader, TrainBotUploader } from '@digital-assistant/ui';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { StarterQuestionsSection } from './knowledge/StarterQuestionsSection';
import { TrainBotSuccess, uploaderProps } from './knowledge/TrainBotWindows';

export function TrainBotScreen() {
  const { features, isAdmin } = useSession();
  const upload = useTrainingUpload();
  const canTrain = features.includes('train');
  // ?department=it (from Knowledge Gaps' "Upload a document") chooses that department once.
  const [searchParams] = useSearchParams();
  const asked = KNOWLEDGE_DEPARTMENTS.find((entry) => entry.id === searchParams.get('department'))?.id;
  const { setDepartments } = upload;
  useEffect(() => {
    if (asked) setDepartments([asked]);
  }, [asked, setDepartments]);
  return (
    <div className="da-page da-train-bot-page">
      <PageHeader title="Train Bot" closeHref="/menu">
        {isAdmin ? <LinkButton href="/status">File Status</LinkButton> : null}
      </PageHeader>
      {canTrain ? (
        <>
          <p className="app-tab-intro">
            Documents uploaded here become knowledge the assistant answers from, once processed. File Status
            shows where each one is.
          </p>
          <TrainBotUploader {...uploaderProps(upload)} />
          <TrainBotSuccess upload={upload} />
          <StarterQuestionsSection />
        </>
      ) : (
        <p className="app-not-available" role="note">
          Uploading training documents needs the 'train' permission. Ask an administrator for it.
        </p>
      )}
    </div>
  );
}
