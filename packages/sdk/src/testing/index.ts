/**
 * `@digital-assistant/sdk/testing`: a fake server typed and checked by the contract, for the tests of
 * the SDK's users (hooks, apps, scripts). Needs the optional peer dependencies `ajv` and `ajv-formats`.
 */
export {
  type ContractFake,
  type ContractFakeOptions,
  type ContractViolation,
  ContractViolationError,
  createContractFake,
  errorReply,
  type FetchFunction,
  type ListeningContractFake,
  type ListenOptions,
  offContract,
  type RecordedCall,
} from './contract-fake';
export { EXTENSION_OPERATIONS } from './contract-validator';
export {
  createDemoChatHandlers,
  type DemoChatOptions,
  type DemoChatState,
  type DemoConversation,
} from './demo-chat';
export {
  createDemoReviewHandlers,
  type DemoReviewFile,
  type DemoReviewState,
  demoReviewJson,
} from './demo-review';
export {
  createDemoHandlers,
  createDemoServer,
  type DemoServer,
  type DemoServerOptions,
  type DemoState,
  demoAdmin,
  demoStaff,
} from './demo-server';
export type {
  ContractHandler,
  ContractHandlers,
  ContractRequest,
  JsonReplyOf,
  OperationKey,
  OperationOf,
  QueryOf,
  RequestBodyOf,
  StatusOf,
} from './operation-types';
