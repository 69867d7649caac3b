import { expose } from 'comlink';
import { pageFetcher } from './page-fetcher';

/** The page worker: sync pages fetched, parsed and packed off the tab's main thread (page-fetcher.ts). */
expose(pageFetcher());
