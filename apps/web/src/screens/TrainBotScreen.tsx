/**
 * /train-bot: the Train Bot screen (spec route table: guarded). The same uploader as the landing
 * card's window, on the page; the success window follows an upload. People whose role lacks the
 * `train` feature are told so instead of being offered an upload the server would refuse.
 */
import { useSession, useTrainingUpload } from '@digital-assistant/react';
import { LinkButton, PageHeader, TrainBotUploader } from '@digital-assistant/ui';
import { StarterQuestionsSection } from './knowledge/StarterQuestionsSection';
import { TrainBotSuccess, uploaderProps } from './knowledge/TrainBotWindows';

export function TrainBotScreen() {
  const { features, isAdmin } = useSession();
  const upload = useTrainingUpload();
  const canTrain = features.includes('train');
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
