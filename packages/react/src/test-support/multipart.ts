/**
 * jsdom replaces FormData, File and Blob with its own, which the platform's fetch cannot encode (a
 * jsdom FormData is sent as the text '[object FormData]'), and uploads in a browser go through
 * XMLHttpRequest, which would leave the in-memory demo server. For upload tests this puts the
 * platform's classes back and removes XMLHttpRequest, so the SDK takes its fetch path (a real code
 * path: the one it uses outside browsers, progress included) through the demo server's `fetch`.
 */
import { afterEach, beforeEach, vi } from 'vitest';

/** The platform's File and Blob (this package is typed without Node's types, hence the cast). */
async function platformFileClasses(): Promise<{ File: typeof File; Blob: typeof Blob }> {
  const nodeBuffer: string = 'node:buffer';
  return (await import(/* @vite-ignore */ nodeBuffer)) as { File: typeof File; Blob: typeof Blob };
}

async function platformFormData(): Promise<typeof FormData> {
  const form = await new Response('a=1', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }).formData();
  return form.constructor as typeof FormData;
}

/** Registers the swap for every test of the calling file. */
export function withPlatformMultipart(): void {
  beforeEach(async () => {
    const platform = await platformFileClasses();
    vi.stubGlobal('FormData', await platformFormData());
    vi.stubGlobal('File', platform.File);
    vi.stubGlobal('Blob', platform.Blob);
    vi.stubGlobal('XMLHttpRequest', undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
