import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { MESSAGES } from '@/shared/messages';

const S = MESSAGES.palette.screens;
/** A screen by the first part of its path: a record's screen is named for its list (/users/$id: Users). */
const SCREEN_OF_SECTION: Record<string, string> = {
  '': S.dashboard,
  users: S.users,
  courses: S.courses,
  enrollments: S.enrollments,
  services: S.services,
  activity: S.activity,
  'api-docs': S.apiDocs,
};

/** The browser tab's title for the deepest route matched ("Users · Coursedesk"); the one place titles are made. */
export function documentTitle(routeId: string, notFound: boolean): string {
  if (notFound || routeId === '/_authed/$') return MESSAGES.shell.tabTitle(MESSAGES.shell.notFoundScreen);
  if (routeId === '/login') return MESSAGES.shell.tabTitle(MESSAGES.shell.loginScreen);
  const screen = SCREEN_OF_SECTION[routeId.replace(/^\/_authed\/?/, '').split('/')[0] ?? ''];
  return screen ? MESSAGES.shell.tabTitle(screen) : 'Coursedesk';
}

/** Keeps document.title naming the screen on every navigation. */
export function useDocumentTitle() {
  const title = useRouterState({
    select: (s) => {
      const leaf = s.matches[s.matches.length - 1];
      return documentTitle(
        leaf?.routeId ?? '',
        s.matches.some((m) => m.status === 'notFound'),
      );
    },
  });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
