import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/** The URL follows a screen's search and filters once typing pauses, so history is not one entry per keystroke. */
export const URL_SYNC_MS = 300;

/**
 * A screen's state (a search, filters) kept in its URL so it survives a reload and can be shared: the state
 * changes at once, the URL follows after URL_SYNC_MS (`write` replaces the history entry), and any other
 * change of the URL (Back, a sidebar link) resets the state to it. `key` says when two values are the same.
 */
export function useUrlState<T>(fromUrl: T, write: (value: T) => void, key: (value: T) => string) {
  const router = useRouter();
  // The screen's own address: a write still pending when the admin opens another screen (a row click right
  // after typing) must not bring them back.
  const [path] = useState(() => router.state.location.pathname);
  const [value, setValue] = useState(fromUrl);
  // The last value this screen wrote to the URL. The effects compare keys, so a new object with the same
  // value (each render's search) changes nothing.
  const written = useRef(key(fromUrl));
  const urlKey = key(fromUrl);
  const valueKey = key(value);

  useEffect(() => {
    if (urlKey === written.current) return;
    written.current = urlKey;
    setValue(fromUrl);
  }, [urlKey, fromUrl]);

  useEffect(() => {
    if (valueKey === written.current) return;
    const timer = setTimeout(() => {
      if (router.state.location.pathname !== path) return;
      written.current = valueKey;
      write(value);
    }, URL_SYNC_MS);
    return () => clearTimeout(timer);
  }, [valueKey, value, write, router, path]);

  return [value, setValue] as const;
}
