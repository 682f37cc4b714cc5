/**
 * /status: the File Status page. The headless hooks list the training documents a page at a time
 * (searched, sorted and paged by the server where it can; refreshing while some are in progress) and
 * delete or re-ingest them; the ui page draws them and asks for confirmation; Upload opens the
 * Train Bot window.
 */
import {
  useDeleteKnowledgeDocument,
  useKnowledgeDocumentsTable,
  useReingestKnowledgeDocument,
} from '@digital-assistant/react';
import { FileStatusPage, NoticeStack } from '@digital-assistant/ui';
import { useState } from 'react';
import { TrainBotWindows } from './knowledge/TrainBotWindows';
import { useFadingNotices } from './users/useFadingNotices';

export function StatusScreen() {
  const list = useKnowledgeDocumentsTable();
  const remove = useDeleteKnowledgeDocument();
  const reingest = useReingestKnowledgeDocument();
  const [isUploadOpen, setUploadOpen] = useState(false);
  const { notices, dismiss } = useFadingNotices();
  const busyId = remove.isPending ? remove.variables?.id : reingest.isPending ? reingest.variables?.id : null;
  return (
    <>
      <FileStatusPage
        documents={list.documents}
        isSupported={list.isSupported}
        isLoading={list.isLoading}
        error={list.error ? `Error fetching file status. ${list.error.message}` : null}
        inProgressCount={list.inProgressCount}
        counts={list.counts}
        search={list.search}
        onSearchChange={list.setSearch}
        sort={list.sort}
        onSortChange={list.toggleSort}
        pagination={{
          page: list.page,
          pageCount: list.pageCount,
          pages: list.pages,
          totalCount: list.totalCount,
          pageSize: list.pageSize,
          onPageChange: list.setPage,
        }}
        onRefresh={() => void list.refresh()}
        isRefreshing={list.isFetching && !list.isLoading}
        updatedAt={list.updatedAt || undefined}
        busyId={busyId}
        onDelete={(document) => {
          if (document.id) remove.mutate({ id: document.id, document: document.document });
        }}
        onReingest={(document) => {
          if (document.id) reingest.mutate({ id: document.id, document: document.document });
        }}
        onUpload={list.isSupported === false ? undefined : () => setUploadOpen(true)}
      >
        <TrainBotWindows isOpen={isUploadOpen} onOpenChange={setUploadOpen} />
      </FileStatusPage>
      <NoticeStack notices={notices} onDismiss={dismiss} />
    </>
  );
}
