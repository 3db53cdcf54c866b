import { nextTask } from './next-task.ts';

/**
 * The faces the first screens use: body text, medium (navigation), bold, small (footer), the
 * headings and the large button. Bootstrap's classes, so each size follows the stylesheet (the
 * headings' sizes depend on the viewport).
 */
const FACES = ['', 'fw-medium', 'fw-bold', 'small', 'h1', 'h2', 'h3', 'fs-5'] as const;

/**
 * Lays out a little hidden text in each face, one face per task, while the app's code downloads.
 * The browser looks a face up the first time text in it is laid out; on desktop systems that is a
 * round trip to the browser's font service per face and size. Done here, each lookup is a short
 * task of its own; otherwise all of them fell into the one layout after the app's first render
 * (20-40 ms of it at 4x CPU). Nothing is shown: the text is invisible and removed after.
 */
export async function warmFonts(): Promise<void> {
  const host = document.createElement('div');
  host.className = 'font-warmup';
  host.setAttribute('aria-hidden', 'true');
  document.body.append(host);
  for (const face of FACES) {
    // Not in the task that called: that is the entry's evaluation, with the page's first style pass.
    await nextTask();
    const sample = document.createElement('span');
    if (face) sample.className = face;
    sample.textContent = 'Aa';
    host.append(sample);
    // Reading a size lays the page out now, in this task, with the new face.
    void host.offsetWidth;
  }
  host.remove();
}
