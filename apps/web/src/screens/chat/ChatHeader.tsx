import { CHAT_TYPE_OPTIONS, type UseChatRouteResult } from '@digital-assistant/react';
import { Button, ChatTypeDialog, HeaderSelector } from '@digital-assistant/ui';
import { useState } from 'react';

/**
 * The header of chat routes: the chat-type selector (Internal Knowledge with its departments, OpenAI
 * GPT) and the chat-type dialog ('o9 GPT' or 'GPT 3.5'), both acting through the chat route's store.
 */
export function ChatHeader({ route }: { route: UseChatRouteResult }) {
  const [isDialogOpen, setDialogOpen] = useState(false);
  return (
    <div className="app-chat-header">
      <HeaderSelector
        selection={route.selection}
        department={route.department}
        canUsePga={route.departments.some((department) => department.needsPgaAccess)}
        onSelectionChange={route.chooseChatType}
        onDepartmentChange={route.chooseDepartment}
      />
      <Button variant="ghost" size="sm" className="app-chat-type-button" onPress={() => setDialogOpen(true)}>
        Chat type
      </Button>
      <ChatTypeDialog
        isOpen={isDialogOpen}
        onOpenChange={setDialogOpen}
        onChoose={(isO9Gpt) => {
          const option = CHAT_TYPE_OPTIONS.find((candidate) => candidate.value === isO9Gpt);
          if (option) route.chooseChatType(option.selection);
        }}
      />
    </div>
  );
}
