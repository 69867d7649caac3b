import { formatCount, formatDate, formatDateTime, formatPrice } from './format';

// The formats the screens use first (intl-warmup.ts): made once here, then the worker ends.
const now = new Date().toISOString();
formatDate(now);
formatDateTime(now);
formatPrice(1);
formatCount(1000);
self.close();
