import { Scroller, Tabs } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { COURSE_TAB_SLUGS, type CourseTab } from '@/app/features/courses/course-tabs';
import type { Course } from '@/shared/schemas';
import classes from './course-tabs.module.css';
import { FaqTab } from './tabs/faq-tab';
import { FeaturesTab } from './tabs/features-tab';
import { LearnTab } from './tabs/learn-tab';
import { PageDataTab } from './tabs/page-data-tab';
import { ResourcesTab } from './tabs/resources-tab';
import { ReviewsTab } from './tabs/reviews-tab';
import { SyllabusTab } from './tabs/syllabus-tab';
import type { ReactNode } from 'react';

const PANELS: Record<CourseTab, (props: { course: Course }) => ReactNode> = {
  'page-data': PageDataTab,
  syllabus: SyllabusTab,
  faq: FaqTab,
  reviews: ReviewsTab,
  resources: ResourcesTab,
  features: FeaturesTab,
  learn: LearnTab,
};

/**
 * The seven tabs. Inactive panels stay mounted (hidden), so unsaved edits in one tab survive a look at another;
 * each panel is keyed by the course so opening another course starts from its own data.
 */
export function CourseTabs({
  course,
  tab,
  onTabChange,
}: {
  course: Course;
  tab: CourseTab;
  onTabChange: (tab: CourseTab) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  // On a phone the row of tabs scrolls: the chosen one (?tab=learn) is scrolled into the middle of it.
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    // The Scroller's box that scrolls sideways: the nearest one wider inside than out.
    let row = active?.parentElement ?? null;
    while (row && row.scrollWidth <= row.clientWidth) row = row.parentElement;
    if (active && row) row.scrollLeft = active.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
  }, [tab]);
  return (
    <Tabs value={tab} onChange={(v) => v && onTabChange(v as CourseTab)}>
      {/* On phones the tabs stay in one row; the scroller's edge arrows show that more tabs follow. */}
      <Scroller controlSize={32} draggable={false} classNames={{ content: classes.content }}>
        <Tabs.List ref={list} className={classes.list}>
          {Object.entries(COURSE_TAB_SLUGS).map(([label, slug]) => (
            <Tabs.Tab key={slug} value={slug}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Scroller>
      {Object.entries(PANELS).map(([slug, Panel]) => (
        <Tabs.Panel key={slug} value={slug} pt="lg">
          <Panel key={course._id} course={course} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
