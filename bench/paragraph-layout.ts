// What Chromium pays to lay out a paragraph that grows by a word a frame, the way a streamed answer
// grows: one paragraph whose last text node grows (pieces of about 1,000 characters kept as inline
// text nodes, as MarkdownContent drew them before), against the same pieces each drawn as a block
// of its own (`.da-markdown-piece`, as it draws them while an answer streams). A bare page, no app:
// per word, the time of the layout that the word forces, and the gap between frames, over words
// 2,000-3,000 of a 3,000-word paragraph in a 760 px column; each kind twice, alternating.
//
// Run: pnpm --filter @digital-assistant/bench exec tsx paragraph-layout.ts (CHROMIUM_PATH, default
// /usr/bin/chromium).
import { chromium } from 'playwright-core';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(
    '<div id="log" style="width:760px;height:700px;overflow:auto;font:15px/1.6 sans-serif"></div>',
  );
  // tsx keeps function names with a helper (`__name`) that the page does not have.
  await page.evaluate('globalThis.__name ??= (target) => target;');
  const rows: string[] = [];
  for (const kind of ['one paragraph', 'pieces as blocks', 'one paragraph', 'pieces as blocks']) {
    rows.push(
      await page.evaluate(async (kind) => {
        const log = document.getElementById('log')!;
        log.textContent = '';
        const paragraph = document.createElement('p');
        log.append(paragraph);
        const newPiece = () => {
          const piece = document.createElement('span');
          if (kind === 'pieces as blocks') piece.style.display = 'block';
          paragraph.append(piece);
          return piece;
        };
        let piece = newPiece();
        let text = '';
        const layouts: number[] = [];
        const gaps: number[] = [];
        let last = performance.now();
        for (let word = 1; word <= 3000; word++) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const now = performance.now();
          gaps.push(now - last);
          last = now;
          text += `word${word} `;
          if (text.length > 1024) {
            piece.textContent = text;
            piece = newPiece();
            text = '';
          }
          const start = performance.now();
          piece.textContent = text;
          void paragraph.offsetHeight;
          log.scrollTop = log.scrollHeight;
          layouts.push(performance.now() - start);
        }
        const late = layouts.slice(2000).sort((a, b) => a - b);
        const lateGaps = gaps.slice(2000).sort((a, b) => a - b);
        const at = (values: number[], share: number) => values[Math.floor(values.length * share)]!.toFixed(1);
        return `| ${kind} | ${at(late, 0.5)} ms | ${at(late, 0.99)} ms | ${late.at(-1)!.toFixed(1)} ms | ${at(lateGaps, 0.99)} ms | ${lateGaps.at(-1)!.toFixed(0)} ms |`;
      }, kind),
    );
  }
  console.log(
    [
      '| Paragraph | Layout per word, median | 99th percentile | Worst | Frame gap, 99th percentile | Worst frame gap |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows,
    ].join('\n'),
  );
} finally {
  await browser.close();
}
