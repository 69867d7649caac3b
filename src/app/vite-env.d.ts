/// <reference types="vite/client" />
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Address of the public site; service image paths are prefixed with it. Empty: this server. */
  readonly VITE_SITE_URL?: string;
}
