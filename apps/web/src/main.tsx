import '@digital-assistant/ui/styles.css';
import './app.css';
import { startEarlyLoads } from './early-loads';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const early = startEarlyLoads(window);

/** Lets the browser run what waits (input, a paint) before the next step. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/*
 * The app's modules are evaluated a part per task rather than all in one: on a phone their
 * evaluation takes over half a second, which in one task blocks input that long (Lighthouse's Total
 * Blocking Time). Their files are all fetched at once (index.html preloads them, vite.config.ts).
 * The first use of Intl loads the browser's locale data (React Aria asks it as its modules load).
 */
async function start(element: HTMLElement): Promise<void> {
  await nextTask();
  Intl.DateTimeFormat.supportedLocalesOf([navigator.language || 'en-US']);
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  await import('./screens/Shell');
  await nextTask();
  await import('./screens/chat/ChatHeader');
  await nextTask();
  const { startApp } = await import('./boot');
  startApp(element, early);
}

void start(root);
