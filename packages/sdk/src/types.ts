/**
 * Friendly names for the contract's types. Everything here comes from `generated/schema.ts`
 * (openapi-typescript output of openapi/openapi.yaml), so the aliases cannot drift from the contract.
 */
import type { components, operations, paths } from './generated/schema';

export type { components, operations, paths };

type Schemas = components['schemas'];

/** The one error body every operation answers with: a readable `error` and a stable `code`. */
export type ErrorBody = Schemas['Error'];
/** Error codes the contract defines (servers may send others). */
export type KnownErrorCode = Schemas['ErrorCode'];
/** A feature permission name, e.g. `chat` or `role_group_view`. */
export type FeatureName = Schemas['FeatureName'];
/** The signed-in user (`GET /api/auth`). */
export type User = Schemas['User'];
/** A user as listed by the server: e-mail, name and role. */
export type UserProfile = Schemas['UserProfile'];
/** Answer of `GET /api/auth`: the user and the features their role grants. */
export type AuthResponse = Schemas['AuthResponse'];
/** A role group and its features. */
export type RoleGroup = Schemas['RoleGroup'];
/** A role group as listed by `GET /api/roles/allgroups`. */
export type RoleGroupSummary = Schemas['RoleGroupSummary'];
/** `add` or `remove`, for `POST /api/roles/update`. */
export type RoleAccessAction = Schemas['RoleAccessAction'];
/** Knowledge chat department code (omitted for Knowledge). */
export type Department = Schemas['Department'];
export type KnowledgeChatRequest = Schemas['KnowledgeChatRequest'];
export type KnowledgeChatResponse = Schemas['KnowledgeChatResponse'];
export type KnowledgeSource = Schemas['KnowledgeSource'];
/** The example questions of one department's empty knowledge chat (an extension). */
export type StarterQuestions = Schemas['StarterQuestions'];
export type GptChatRequest = Schemas['GptChatRequest'];
export type GptChatResponse = Schemas['GptChatResponse'];
export type ElkChatResponse = Schemas['ElkChatResponse'];
export type ChatHistoryItem = Schemas['ChatHistoryItem'];
/** A conversation found by History search: a snippet of its label or of a message, with the match's offsets. */
export type ChatHistorySearchResult = Schemas['ChatHistorySearchResult'];
export type ConversationResponse = Schemas['ConversationResponse'];
export type ConversationMessage = Schemas['ConversationMessage'];
/** Payload of one server-sent event of the chat streaming extension. */
export type ChatStreamEvent = Schemas['ChatStreamEvent'];
/** An uploaded code-review zip. */
export type ReviewFile = Schemas['ReviewFile'];
export type ReviewFileStatus = Schemas['ReviewFileStatus'];
export type ReviewFileJson = Schemas['ReviewFileJson'];
export type ReviewItem = Schemas['ReviewItem'];
export type ReviewFolderItem = Schemas['ReviewFolderItem'];
export type ReviewFileItem = Schemas['ReviewFileItem'];
export type ReviewFunction = Schemas['ReviewFunction'];
export type CodeReviewUploadResponse = Schemas['CodeReviewUploadResponse'];
export type TrainingUploadResponse = Schemas['TrainingUploadResponse'];
/** A training file the server did not store, with its reason (upload extension field). */
export type RejectedUpload = Schemas['RejectedUpload'];
/** A department a training document is visible to; `knowledge` means every department. */
export type KnowledgeDepartment = Schemas['KnowledgeDepartment'];
/** Where a training document is in the ingestion pipeline (`queued` and `parsing` are in progress). */
export type KnowledgeDocumentState = Schemas['KnowledgeDocumentState'];
/** A training document with its status (File Status row; extension fields beside `document` and `status`). */
export type KnowledgeDocument = Schemas['KnowledgeDocument'];
/** The File Status list: the documents, and from servers that search and page it, `total` and `counts`. */
export type KnowledgeDocumentList = Schemas['KnowledgeDocumentList'];
/** A File Status column the server sorts by (extension). */
export type KnowledgeDocumentSort = Schemas['KnowledgeDocumentSort'];
/** Search, sort and page of the File Status list (extension query parameters). */
export type KnowledgeDocumentQuery = NonNullable<operations['listKnowledgeDocuments']['parameters']['query']>;
export type GenerateTokenResponse = Schemas['GenerateTokenResponse'];
/** Metadata of a personal access token (extension). */
export type PersonalAccessToken = Schemas['PersonalAccessToken'];
/** One audit log entry (extension). */
export type AuditEvent = Schemas['AuditEvent'];
/** A vote on an answer: `up` or `down` (extension). */
export type FeedbackVote = Schemas['FeedbackVote'];
/** The caller's vote on one answer, as the server keeps it (extension). */
export type AnswerFeedback = Schemas['AnswerFeedback'];
/** One vote in the administrators' list, with the question and answer while the conversation exists (extension). */
export type AnswerFeedbackItem = Schemas['AnswerFeedbackItem'];
/** One page of the administrators' list of votes and how many match (extension). */
export type AnswerFeedbackList = Schemas['AnswerFeedbackList'];
/** The filters and page of the administrators' list of votes (extension query parameters). */
export type AnswerFeedbackQuery = NonNullable<operations['listAnswerFeedback']['parameters']['query']>;
/** Similar questions of one department that no document answered well (extension). */
export type KnowledgeGap = Schemas['KnowledgeGap'];
/** One question of a knowledge gap: when it was asked and why it is a gap (extension). */
export type KnowledgeGapQuestion = Schemas['KnowledgeGapQuestion'];
/** The knowledge gaps, most people first (extension). */
export type KnowledgeGapList = Schemas['KnowledgeGapList'];
/** The filters of the knowledge gaps (extension query parameters). */
export type KnowledgeGapQuery = NonNullable<operations['listKnowledgeGaps']['parameters']['query']>;
/** Every operationId of the contract. */
export type OperationId = keyof operations;
