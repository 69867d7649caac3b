import { useSyncExternalStore } from 'react';
import { clearSession, readSession, writeSession } from '@/app/lib/session-storage';
import type { User } from '@/shared/schemas';

export interface AuthState {
  token: string | null;
  user: User | null;
  /** True while the startup token check runs (the spec's isAutoLogging). */
  isAutoLogging: boolean;
}

let state: AuthState = { ...readSession(), isAutoLogging: false };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** The session as the router and the screens see it; localStorage is its durable copy. */
export const auth = {
  get: () => state,
  get isLogin() {
    return state.token !== null;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(token: string, user: User) {
    writeSession(token, user);
    state = { token, user, isAutoLogging: false };
    emit();
  },
  signOut() {
    clearSession();
    state = { token: null, user: null, isAutoLogging: false };
    emit();
  },
  setAutoLogging(isAutoLogging: boolean) {
    state = { ...state, isAutoLogging };
    emit();
  },
  /** Re-reads localStorage (tests, and another tab logging out). */
  reload() {
    state = { ...readSession(), isAutoLogging: false };
    emit();
  },
};
export type Auth = typeof auth;

export const useAuth = () => useSyncExternalStore(auth.subscribe, auth.get, auth.get);
