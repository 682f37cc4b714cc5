import { ChartIcon, CodeIcon } from '../icons/icons';
import { useAppShell } from './AppShellContext';
import { AppShellMenuLink } from './AppShellMenuLink';
import { AppShellMenuSection } from './AppShellMenuSection';

/** Props of `AppShell.AgentsSection`. */
export interface AppShellAgentsSectionProps {
  /** Elk Agent is shown disabled (non-admins). @default false */
  isElkDisabled?: boolean;
  /** @default '/codereview' */
  codeReviewHref?: string;
  /** @default '/elk' */
  elkHref?: string;
}

/** The 'Agents' menu section: Code Review and Elk Agent. */
export function AppShellAgentsSection({
  isElkDisabled = false,
  codeReviewHref = '/codereview',
  elkHref = '/elk',
}: AppShellAgentsSectionProps) {
  useAppShell('AppShell.AgentsSection');
  return (
    <AppShellMenuSection title="Agents">
      <AppShellMenuLink href={codeReviewHref} icon={<CodeIcon />}>
        Code Review
      </AppShellMenuLink>
      <AppShellMenuLink href={elkHref} icon={<ChartIcon />} isDisabled={isElkDisabled}>
        Elk Agent
      </AppShellMenuLink>
    </AppShellMenuSection>
  );
}
