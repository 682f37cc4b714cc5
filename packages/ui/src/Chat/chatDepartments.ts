/** The two chat modes (spec section 3, selection values). */
export type ChatSelection = 'knowledge' | 'openai';

/** Knowledge chat departments as the app names them in routes (`/chat/{department}`). */
export type ChatDepartment = 'Knowledge' | 'IT' | 'DevOps' | 'CS' | 'PGA' | 'Education';

/** A department as the header's dropdown offers it. */
export interface ChatDepartmentOption {
  id: ChatDepartment;
  /** Name shown in the dropdown. */
  label: string;
  /** What it answers (spec section 2, header selector). */
  description: string;
  /** Offered only to users with the PGA capability. */
  needsPga?: boolean;
}

/** Every department, in the dropdown's order, with the spec's descriptions. */
export const chatDepartments: readonly ChatDepartmentOption[] = [
  { id: 'Knowledge', label: 'Knowledge', description: 'all internal queries' },
  { id: 'IT', label: 'IT', description: 'dedicated IT support' },
  { id: 'DevOps', label: 'DevOps', description: 'assistant for pre prod' },
  { id: 'CS', label: 'CS', description: 'CS department support' },
  { id: 'PGA', label: 'PGA', description: 'info for PGA go-live and blueprint', needsPga: true },
  { id: 'Education', label: 'Education', description: 'support for education queries' },
];
