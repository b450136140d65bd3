import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface SettingsSection {
  /** The card's element id, the link's anchor (/admin/settings#legal). */
  id: string;
  label: string;
}

/** A card counts as read from when its top has passed this line (sticky header plus the chip row). */
const READING_LINE_PX = 140;

/**
 * The section being read: the last card whose top has passed the reading line; at the very bottom the last
 * card (short cards there never reach the line). A card chosen in the navigation stays marked until the person
 * scrolls themselves (wheel, touch, keys): the page may end before that card reaches the line, or cards above
 * it may still grow while the page glides there, and the mark must not jump to another card.
 */
function useCurrentSection(sections: readonly SettingsSection[]) {
  const [current, setCurrent] = useState(sections[0]?.id);
  const chosen = useRef<string | undefined>(undefined);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      if (chosen.current) {
        setCurrent(chosen.current);
        return;
      }
      const root = document.documentElement;
      if (window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - 2) {
        setCurrent(sections.at(-1)?.id);
        return;
      }
      let next = sections[0]?.id;
      for (const { id } of sections) {
        const top = document.getElementById(id)?.getBoundingClientRect().top;
        if (top !== undefined && top <= READING_LINE_PX) next = id;
      }
      setCurrent(next);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const release = () => {
      chosen.current = undefined;
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const)
      window.addEventListener(type, release, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      for (const type of ['wheel', 'touchstart', 'keydown'] as const)
        window.removeEventListener(type, release);
    };
  }, [sections]);
  const choose = (id: string) => {
    chosen.current = id;
    setCurrent(id);
  };
  return [current, choose] as const;
}

const smooth = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? ('auto' as const) : ('smooth' as const);

/**
 * The settings page's table of contents (docs/decisions/025-back-office-layout.md): a sticky column of
 * anchor links on wide screens, a horizontally scrolling chip row on phones; the card being read is marked.
 */
export function SettingsSectionNav({ sections }: { sections: readonly SettingsSection[] }) {
  const [current, choose] = useCurrentSection(sections);
  const navigate = useNavigate();
  const [openedWith] = useState(useLocation().hash);
  const list = useRef<HTMLUListElement>(null);

  // a deep link (/admin/settings#secrets; only the hash the page opened with, clicks scroll themselves):
  // the cards render with the page, one frame later they stand
  useEffect(() => {
    const id = decodeURIComponent(openedWith.slice(1));
    if (!sections.some((section) => section.id === id)) return;
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [openedWith, sections]);

  // phones: keep the marked chip in view within the row (only sideways; the page does not move)
  useEffect(() => {
    const row = list.current;
    const chip = row?.querySelector<HTMLElement>('[aria-current="location"]');
    if (!row || !chip || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = chip.offsetLeft - (row.clientWidth - chip.offsetWidth) / 2;
  }, [current]);

  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    choose(id);
    target.scrollIntoView({ behavior: smooth(), block: 'start' });
    // keyboard and screen reader users continue in the card they chose
    target.focus({ preventScroll: true });
    void navigate({ hash: id }, { replace: true, preventScrollReset: true });
  };

  return (
    <nav
      aria-label="Abschnitte"
      className="sticky top-16 z-30 -mx-4 border-b border-border bg-background/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:top-20 lg:mx-0 lg:w-52 lg:shrink-0 lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none"
    >
      <ul ref={list} className="flex gap-2 overflow-x-auto lg:flex-col lg:gap-1 lg:overflow-visible">
        {sections.map(({ id, label }) => {
          const active = id === current;
          return (
            <li key={id} className="shrink-0">
              <a
                href={`#${id}`}
                aria-current={active ? 'location' : undefined}
                onClick={(event) => jump(event, id)}
                className={`block whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium lg:rounded-lg lg:border-transparent ${
                  active
                    ? 'border-transparent bg-accent text-accent-foreground'
                    : 'border-border text-muted-foreground hover:bg-muted hover:text-foreground'
                }`}
              >
                {label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
