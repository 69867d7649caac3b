import { MESSAGES } from '@/shared/messages';

/** The id of each screen's main region, where "Skip to content" moves the focus. */
export const MAIN_ID = 'main';

/** The first Tab stop on every screen: past the sidebar, straight to the screen's content. */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // Focus without a hash navigation, which the router would treat as a new location.
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      {MESSAGES.a11y.skipToContent}
    </a>
  );
}
