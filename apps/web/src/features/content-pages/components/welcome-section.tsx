import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { releaseFirstPaintContent } from '../../../lib/first-paint.ts';
import { text, type WelcomePage } from '../../../lib/content-models.ts';
import { cutLetterHtml } from '../utils/cut-letter.ts';
import { safeFrameUrl } from '../utils/safe-url.ts';
import { ContentSection, type SectionProps } from './content-section.tsx';
import { useT } from '../../../i18n/use-t.ts';

export function WelcomeLetter({ html }: { html: string }) {
  const t = useT();
  const letterId = useId();
  const [expanded, setExpanded] = useState(false);
  // Sanitized by the content service (decision 009).
  const { previewHtml, truncated } = useMemo(() => cutLetterHtml(html), [html]);
  return (
    <div className="welcome-letter">
      <div id={letterId} className="letter-text" dangerouslySetInnerHTML={{ __html: expanded || !truncated ? html : previewHtml }} />
      {truncated && (
        <button type="button" className="btn btn-link px-0" aria-expanded={expanded} aria-controls={letterId} onClick={() => setExpanded((value) => !value)}>
          {expanded ? t('content.letter.less') : t('content.letter.more')}
        </button>
      )}
    </div>
  );
}

/**
 * Whether the page has finished loading and the browser had an idle moment since. The video's
 * frame is a whole document with its own scripts: created while the page loads, its work and its
 * requests compete with the letter, the largest element. Its box is there from the start, so
 * nothing moves when the frame appears in it. The idle moment is waited for also when the page had
 * loaded before this section rendered (the usual case: the section's chunk comes after the load
 * event): otherwise the frame was created in the render that shows the letter, adding a frame's
 * creation (10-20 ms at 4x CPU) to that one uninterruptible commit.
 */
function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let idle: number | undefined;
    const afterIdle = () => {
      idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => setLoaded(true), { timeout: 1000 }) : window.setTimeout(() => setLoaded(true), 0);
    };
    if (document.readyState === 'complete') afterIdle();
    else window.addEventListener('load', afterIdle, { once: true });
    return () => {
      window.removeEventListener('load', afterIdle);
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
        window.clearTimeout(idle);
      }
    };
  }, [loaded]);
  return loaded;
}

/** The video frame's attributes but its title (the frame itself is created in WelcomeVideo). */
const FRAME_ATTRIBUTES: Record<string, string> = {
  loading: 'lazy',
  allow: 'encrypted-media; picture-in-picture; fullscreen',
  allowfullscreen: '',
  referrerpolicy: 'strict-origin-when-cross-origin',
  sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
};

function WelcomeVideo({ src }: { src: string }) {
  const t = useT();
  const title = t('content.video');
  const loaded = usePageLoaded();
  const box = useRef<HTMLDivElement>(null);
  // The frame is created here in a task of its own, not in the render and commit React runs once
  // the page has loaded (together one task of 55-60 ms at 4x CPU), and with its address from the
  // start: a frame inserted without one commits an empty document (about:blank) on the spot, with
  // its load event, and that made the creating task 50-58 ms at 4x CPU on Slow 4G; with the address
  // it is 8-12 ms, and the video's document is built by the frame's own process.
  useEffect(() => {
    const container = box.current;
    if (!loaded || !container) return;
    let frame: HTMLIFrameElement | undefined;
    const create = window.setTimeout(() => {
      const element = document.createElement('iframe');
      element.setAttribute('title', title);
      for (const [name, value] of Object.entries(FRAME_ATTRIBUTES)) element.setAttribute(name, value);
      element.setAttribute('src', src);
      container.appendChild(element);
      frame = element;
    }, 0);
    return () => {
      window.clearTimeout(create);
      frame?.remove();
    };
  }, [loaded, src, title]);
  // The frame's box is there from the start: nothing moves when the frame appears in it.
  return <div ref={box} className="ratio ratio-16x9 rounded overflow-hidden shadow-sm" />;
}

export const WelcomeSection = memo(function WelcomeSection(props: SectionProps<WelcomePage>) {
  // The server's copy of the letter's opening (apps/server/src/plugins/static-web.ts) lies over
  // this section until its own letter is in the page, or it knows there is none; removed before
  // the browser paints, so the letter never blinks.
  const { pending } = props;
  useLayoutEffect(() => {
    if (!pending) releaseFirstPaintContent();
  }, [pending]);
  return (
    <ContentSection id="welcome" {...props} hideTitle>
      {(item) => {
        const video = safeFrameUrl(text(item.elements.video_url));
        return (
          // A grid, not a Bootstrap row: a row's negative gutter margin would move the section's top
          // edge when the letter replaces the placeholder (a layout shift).
          <div className={video ? 'welcome-layout welcome-layout--video' : 'welcome-layout'}>
            <div>
              <WelcomeLetter html={item.elements.letter.value} />
            </div>
            {video && (
              <div>
                <WelcomeVideo src={video} />
              </div>
            )}
          </div>
        );
      }}
    </ContentSection>
  );
});
